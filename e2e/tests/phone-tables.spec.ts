import { expect, request, test, type Locator, type Page } from '@playwright/test';
import {
  BeneficiariesList,
  createBeneficiaryViaApi,
  createStaffUser,
  field,
  signIn,
  type StaffUser,
} from '../support/beneficiaries-pages';
import { BudgetScreen, foundationToday } from '../support/finance-pages';
import {
  DESKTOP,
  PHONE,
  ROW_PARTS,
  TABLET,
  TableScroll,
  WIDE_DESKTOP,
  controlsCuttingText,
  expectInView,
  expectWholeOnScreen,
  headersUnderActions,
  headerWordsBroken,
  linesOf,
} from '../support/layout-checks';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * Every list on a 390 px phone, a tablet and a desktop. On a phone each row is a card (the fields that matter,
 * labelled, and the row's actions) read without scrolling sideways, and the filters wait behind a Filters
 * button; the beneficiary role's list of its one child has no filters. On a tablet a table scrolls sideways
 * with its key column and actions kept in view and a cue at the edge. At 1280 px no column header breaks
 * inside a word, no Actions column lies over another column, ids and phones stay on one line and every filter
 * control is wide enough for its text.
 */
test.use({ viewport: PHONE });

let stack: Stack;
let childId: string;
let guardian: StaffUser;

const CHILD = 'Brian Wafula Makokha';
const GUARDIAN = 'Rose Atieno Makokha';
const FEES = 'Fees for Grade 6, third term';
const today = foundationToday();

async function api(user: StaffUser) {
  const ctx = await request.newContext({ baseURL: stack.url });
  expect((await ctx.post('/api/login/local', { data: user })).status()).toBe(200);
  return ctx;
}

async function created(answer: Promise<{ status(): number; text(): Promise<string> }>) {
  const res = await answer;
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDistributedStack();
  ({ id: childId } = await createBeneficiaryViaApi(stack.url, ADMIN, {
    fullName: CHILD,
    dateOfBirth: '2013-02-14',
    homeVillage: 'Shinyalu',
    subCounty: 'Shinyalu',
    county: 'kakamega',
    guardianName: GUARDIAN,
    guardianPhone: '0712 345 678',
    schoolName: 'Shinyalu Primary School',
    gradeLevel: 'grade_6',
  }));
  await createStaffUser(stack.url, 'admin', 'wanjiku');
  guardian = await createStaffUser(stack.url, 'beneficiary', 'ratieno', childId);
  const admin = await api(ADMIN);
  await created(
    admin.post(`/api/beneficiaries/${childId}/household-members`, {
      data: { name: GUARDIAN, relationship: 'Mother', age: 38 },
    }),
  );
  await created(
    admin.post('/api/gifts', {
      multipart: {
        beneficiaryId: childId,
        giftType: 'christmas',
        amount: '1500',
        description: 'School shoes and a bag',
        contents: 'Shoes, bag',
        dateGiven: today.iso,
      },
    }),
  );
  await created(
    admin.post('/api/income', {
      multipart: { amount: '50000', source: 'Harambee fundraiser', date: today.iso, remarks: 'Church harambee' },
    }),
  );
  await created(
    admin.post('/api/expenses', {
      multipart: {
        amount: '4500',
        category: 'school_fees',
        description: FEES,
        date: today.iso,
        beneficiaryId: childId,
      },
    }),
  );
  await created(
    admin.post('/api/budgets', {
      data: { quarter: today.term, year: today.year, category: 'health', plannedAmount: '45000', notes: '' },
    }),
  );
  await created(
    admin.post('/api/data-requests', {
      data: { type: 'export', beneficiaryId: childId, reason: 'Asked by the guardian' },
    }),
  );
  await admin.dispose();
});

test.afterAll(async () => {
  await stack?.stop();
});

const tableRows = (table: Locator) => table.locator('tbody tr:not([aria-hidden])');

async function openBudget(page: Page) {
  await page.goto(`${stack.url}/budget`);
  const budget = new BudgetScreen(page);
  await budget.expectLoaded();
  await budget.selectTerm(today.term);
  return page.getByRole('table', { name: `${today.term} ${today.year} budget` });
}

test.describe('on a 390 px phone', () => {
  test('each child is a card: its id, name, guardian, grade, status and actions read without scrolling sideways', async ({
    page,
  }) => {
    await signIn(page, stack.url, ADMIN);
    const list = new BeneficiariesList(page, stack.url);
    await list.open();
    const row = list.row(CHILD);
    await expectWholeOnScreen(row, ROW_PARTS);
    for (const part of [
      row.getByRole('link', { name: CHILD }),
      row.getByText(childId, { exact: true }),
      row.getByText(GUARDIAN, { exact: true }),
      row.getByText('Grade 6', { exact: true }),
      row.getByText('Active', { exact: true }),
      row.getByRole('button', { name: `View ${CHILD}` }),
      row.getByRole('button', { name: `Edit ${CHILD}` }),
      row.getByRole('button', { name: `Delete ${CHILD}` }),
    ]) {
      await expectWholeOnScreen(part);
    }
  });

  test('the filters wait behind a Filters button, so the first child shows on the first screen', async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    const list = new BeneficiariesList(page, stack.url);
    await list.open();
    await expect(list.row(CHILD)).toBeVisible();
    await expect(page.getByLabel(field('Search'))).toBeVisible();
    await expect(page.getByLabel(field('County'))).toBeHidden();
    const firstRow = await list.row(CHILD).boundingBox();
    expect(firstRow!.y + firstRow!.height, 'the first child ends on the first screen').toBeLessThanOrEqual(
      PHONE.height,
    );

    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await list.filter('County', 'Bungoma');
    await expect(page.getByText('No beneficiaries match these filters.')).toBeVisible();
    await expect(toggle).toHaveText('Filters (1)');
    await expectWholeOnScreen(page.getByLabel(field('County')));
  });

  test('every other list folds its filters behind the button too', async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    for (const [path, folded] of [
      ['/gifts', 'Gift Type'],
      ['/finances', 'From'],
      ['/users', 'Role'],
      ['/audit', 'Domain'],
    ] as const) {
      await page.goto(stack.url + path);
      const toggle = page.getByRole('main').getByRole('button', { name: /^Filters/ });
      await expect(toggle, path).toBeVisible();
      await expect(page.getByLabel(field(folded)), path).toBeHidden();
      await toggle.click();
      // The control and what its box holds (a date's calendar button).
      await expectWholeOnScreen(page.getByLabel(field(folded)).locator('..'));
    }
  });

  test("a household member's name, relationship, age and actions read without scrolling sideways", async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/beneficiaries/${childId}`);
    const row = tableRows(page.getByRole('table', { name: 'Household members' })).filter({ hasText: GUARDIAN });
    await expectWholeOnScreen(row, ROW_PARTS);
    await expectWholeOnScreen(row.getByText('Mother', { exact: true }));
    await expectWholeOnScreen(row.getByRole('button', { name: `Edit ${GUARDIAN}` }));
    await expectWholeOnScreen(row.getByRole('button', { name: `Delete ${GUARDIAN}` }));
  });

  test("a gift's child, type, amount and actions read without scrolling sideways", async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/gifts`);
    const card = page.locator('section.kcf-card').filter({ hasText: 'School shoes and a bag' });
    await expectWholeOnScreen(card);
    for (const part of [
      card.getByRole('link', { name: CHILD }),
      card.getByText('Christmas', { exact: true }),
      card.getByText('KSH 1,500.00'),
      card.getByRole('button', { name: `Edit gift for ${CHILD}` }),
      card.getByRole('button', { name: `Delete gift for ${CHILD}` }),
    ]) {
      await expectWholeOnScreen(part);
    }
  });

  test('a transaction shows its type, description, category, amount, date and actions, not only Type and Description', async ({
    page,
  }) => {
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/finances`);
    const table = page.getByRole('table', { name: 'Recent Transactions' });
    const expense = tableRows(table).filter({ hasText: FEES });
    await expectWholeOnScreen(expense, ROW_PARTS);
    for (const part of [
      expense.getByText('Expense', { exact: true }),
      expense.getByText(FEES),
      expense.getByText('School Fees', { exact: true }),
      expense.getByText('-KSH 4,500.00'),
      expense.getByRole('button', { name: `Edit expense ${FEES}` }),
      expense.getByRole('button', { name: `Delete expense ${FEES}` }),
    ]) {
      await expectWholeOnScreen(part);
    }
    const income = tableRows(table).filter({ hasText: 'Church harambee' });
    await expectWholeOnScreen(income, ROW_PARTS);
    await expectWholeOnScreen(income.getByText('+KSH 50,000.00'));
  });

  test("a budget item's planned, used and remaining amounts read whole, with its actions", async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    const table = await openBudget(page);
    const row = tableRows(table).filter({ hasText: 'Health' });
    await expectWholeOnScreen(row, ROW_PARTS);
    const cells = row.locator('td');
    await expect(cells.nth(1)).toContainText('KES 45,000.00');
    await expectWholeOnScreen(cells.nth(1));
    await expect(cells.nth(2)).toContainText('KES 0.00');
    await expectWholeOnScreen(cells.nth(2));
    await expectWholeOnScreen(cells.nth(3));
    for (const action of ['View', 'Edit', 'Delete'])
      await expectWholeOnScreen(row.getByRole('button', { name: `${action} Health budget` }));
  });

  test("a user's name, username, role and every action read without scrolling sideways", async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/users`);
    const row = page.getByTestId('user-row-wanjiku');
    await expectWholeOnScreen(row, ROW_PARTS);
    await expectWholeOnScreen(row.getByText('Grace Tester', { exact: true }));
    await expectWholeOnScreen(row.getByText('wanjiku', { exact: true }));
    await expectWholeOnScreen(row.getByText('Admin', { exact: true }));
    await expectWholeOnScreen(row.getByRole('link', { name: 'Activity of Grace Tester' }));
    for (const name of ['Edit Grace Tester', 'Reset Password for Grace Tester', 'Delete Grace Tester']) {
      await expectWholeOnScreen(row.getByRole('button', { name }));
    }
  });

  test('an audit entry and its Details button read without scrolling sideways', async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/audit`);
    const entry = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first();
    await expectWholeOnScreen(entry);
    await expectWholeOnScreen(entry.getByRole('button', { name: 'Details' }));
  });

  test("a data request's type, state, requester and dates read without scrolling sideways", async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/data-requests`);
    const row = tableRows(page.getByRole('table', { name: 'Data requests' })).filter({
      hasText: 'Asked by the guardian',
    });
    await expectWholeOnScreen(row, ROW_PARTS);
    await expectWholeOnScreen(row.getByText('Export', { exact: true }));
  });

  test("the beneficiary role's list of its one child has no filters, and the child's card reads whole", async ({
    page,
  }) => {
    await signIn(page, stack.url, guardian);
    const list = new BeneficiariesList(page, stack.url);
    await list.open();
    const row = list.row(CHILD);
    await expect(row).toBeVisible();
    for (const label of ['Search', 'County', 'School Status', 'Special Needs', 'Consent']) {
      await expect(page.getByLabel(field(label)), label).toHaveCount(0);
    }
    await expect(page.getByRole('option', { name: 'Without registration consent' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
    await expectWholeOnScreen(row, ROW_PARTS);
    await expectWholeOnScreen(row.getByRole('button', { name: `View ${CHILD}` }));
  });
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: TABLET });

  test('the beneficiaries table scrolls sideways with the name and the actions in view, and a cue that there is more', async ({
    page,
  }) => {
    await signIn(page, stack.url, ADMIN);
    const list = new BeneficiariesList(page, stack.url);
    await list.open();
    const row = list.row(CHILD);
    await expect(row).toBeVisible();
    const scroll = new TableScroll(list.table());

    expect(await scroll.overflows()).toBe(true);
    await expectInView(page, row.getByRole('link', { name: CHILD }));
    await expectInView(page, row.getByRole('button', { name: `View ${CHILD}` }));
    await expectInView(page, row.getByRole('button', { name: `Delete ${CHILD}` }));
    await expect.poll(() => scroll.cue('end')).toBe(true);
    expect(await scroll.cue('start')).toBe(false);

    // At the far end the cue moves to the other edge; the name and the actions are still there.
    await scroll.scrollToEnd();
    await expect.poll(() => scroll.cue('start')).toBe(true);
    expect(await scroll.cue('end')).toBe(false);
    await expectInView(page, row.getByRole('link', { name: CHILD }));
    await expectInView(page, row.getByRole('button', { name: `Edit ${CHILD}` }));
    await expectInView(page, row.locator('td:nth-last-child(2)'));
  });

  test('a table that fits shows no cue', async ({ page }) => {
    await page.setViewportSize(WIDE_DESKTOP);
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/users`);
    const scroll = new TableScroll(page.getByRole('table', { name: 'Users' }));
    expect(await scroll.overflows()).toBe(false);
    expect(await scroll.cue('end')).toBe(false);
    expect(await scroll.cue('start')).toBe(false);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  async function expectHeadersWholeAndClear(table: Locator) {
    await expect(tableRows(table).first()).toBeVisible();
    expect(await headerWordsBroken(table), 'header words split over two lines').toEqual([]);
    expect(await headersUnderActions(table), 'headers under the Actions column').toEqual([]);
  }

  test('the beneficiaries table breaks no header inside a word, keeps ids and phones on one line, and its filters show their text', async ({
    page,
  }) => {
    await signIn(page, stack.url, ADMIN);
    const list = new BeneficiariesList(page, stack.url);
    await list.open();
    for (const width of [DESKTOP.width, 1024]) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      await expectHeadersWholeAndClear(list.table());
      const row = list.row(CHILD);
      expect(await linesOf(row.getByText(childId, { exact: true })), `the id at ${width} px`).toBe(1);
      if (width === DESKTOP.width) expect(await linesOf(row.locator('td').nth(4)), `the phone at ${width} px`).toBe(1);
    }
    await page.setViewportSize(DESKTOP);
    await list.filter('School Status', 'Inactive');
    await page.getByLabel(field('Consent')).selectOption({ label: 'Without registration consent' });
    expect(await controlsCuttingText(page.getByRole('main'))).toEqual([]);
  });

  test("the beneficiary role's one-child table keeps its Actions header whole", async ({ page }) => {
    await signIn(page, stack.url, guardian);
    const list = new BeneficiariesList(page, stack.url);
    await list.open();
    await expectHeadersWholeAndClear(list.table());
  });

  test('the other tables break no header inside a word and no Actions column lies over another column', async ({
    page,
  }) => {
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/beneficiaries/${childId}`);
    await expectHeadersWholeAndClear(page.getByRole('table', { name: 'Household members' }));
    await page.goto(`${stack.url}/finances`);
    await expectHeadersWholeAndClear(page.getByRole('table', { name: 'Recent Transactions' }));
    await expectHeadersWholeAndClear(await openBudget(page));
    await page.goto(`${stack.url}/users`);
    await expectHeadersWholeAndClear(page.getByRole('table', { name: 'Users' }));
    await page.goto(`${stack.url}/data-requests`);
    await expectHeadersWholeAndClear(page.getByRole('table', { name: 'Data requests' }));
  });

  test('every filter control is wide enough for its text', async ({ page }) => {
    await signIn(page, stack.url, ADMIN);
    const dates = `from=${today.year - 1}-12-30&to=${today.iso}`;
    // Finances opens on this month: its From and To are filled.
    for (const path of [`/gifts?${dates}`, '/finances', '/users', `/audit?${dates}`]) {
      await page.goto(stack.url + path);
      await expect(page.getByLabel(field('To')).or(page.getByLabel(field('Role')))).toBeVisible();
      expect(await controlsCuttingText(page.getByRole('main')), path).toEqual([]);
    }
  });
});

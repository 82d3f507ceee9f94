import { expect, test, type Page } from '@playwright/test';
import { BeneficiariesList, createBeneficiaryViaApi, createStaffUser, signIn } from '../support/beneficiaries-pages';
import { PHONE, TableScroll, WIDE_DESKTOP, expectInView } from '../support/layout-checks';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * Tables on a 390 px phone: the column that names the row and the row's actions stay in view while the
 * rest scrolls sideways (the name only while that leaves room to read the rest), with a cue at the edge
 * when more of the table is that way.
 */
test.use({ viewport: PHONE });

let stack: Stack;

const CHILD = 'Brian Wafula Makokha';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stack = await startDistributedStack();
  await createBeneficiaryViaApi(stack.url, ADMIN, {
    fullName: CHILD,
    dateOfBirth: '2013-02-14',
    homeVillage: 'Shinyalu',
    subCounty: 'Shinyalu',
    county: 'kakamega',
    guardianName: 'Rose Atieno Makokha',
    guardianPhone: '0712 345 678',
    schoolName: 'Shinyalu Primary School',
    gradeLevel: 'grade_6',
  });
  await createStaffUser(stack.url, 'admin', 'wanjiku');
});

test.afterAll(async () => {
  await stack?.stop();
});

async function openUsers(page: Page) {
  await page.goto(`${stack.url}/users`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toBeVisible();
  return table;
}

test('the beneficiaries table keeps the name and the actions in view, with a cue that there is more', async ({ page }) => {
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

test("the users table keeps each user's name and every action button in view", async ({ page }) => {
  await signIn(page, stack.url, ADMIN);
  const table = await openUsers(page);
  const row = page.getByTestId('user-row-wanjiku');
  await expect(row).toBeVisible();
  const scroll = new TableScroll(table);

  expect(await scroll.overflows()).toBe(true);
  await expectInView(page, row.getByText('Grace Tester'));
  for (const name of ['Activity of Grace Tester', 'Edit Grace Tester', 'Reset Password for Grace Tester', 'Delete Grace Tester']) {
    await expectInView(page, row.getByRole(name.startsWith('Activity') ? 'link' : 'button', { name }));
  }
  await expect.poll(() => scroll.cue('end')).toBe(true);

  // The actions are wide: the name scrolls away so that the columns between stay readable.
  await scroll.scrollToEnd();
  await expectInView(page, row.getByRole('button', { name: 'Delete Grace Tester' }));
  await expectInView(page, row.locator('td:nth-last-child(2)'));
  await expect.poll(() => scroll.cue('start')).toBe(true);
});

test('a table that fits shows no cue', async ({ page }) => {
  await page.setViewportSize(WIDE_DESKTOP);
  await signIn(page, stack.url, ADMIN);
  const table = await openUsers(page);
  const scroll = new TableScroll(table);
  expect(await scroll.overflows()).toBe(false);
  expect(await scroll.cue('end')).toBe(false);
  expect(await scroll.cue('start')).toBe(false);
});

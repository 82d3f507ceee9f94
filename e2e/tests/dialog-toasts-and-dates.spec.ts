import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/beneficiaries-pages';
import { FinancesScreen, foundationToday } from '../support/finance-pages';
import { UserManagement } from '../support/identity-pages';
import { DESKTOP, PHONE, coveredBy } from '../support/layout-checks';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * A toast never covers a dialog's buttons (its footer and its close button) nor the page's main button (phone
 * and desktop), and dates are typed day first in a browser whose language writes them month first.
 */
test.use({ locale: 'en-US' });

let stack: Stack;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stack = await startDistributedStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

async function openFinances(page: Page): Promise<FinancesScreen> {
  await signIn(page, stack.url, ADMIN);
  await page.goto(`${stack.url}/finances`);
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();
  return finances;
}

for (const [name, viewport] of [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test(`on ${name}, the toast about a refused expense leaves the dialog's buttons uncovered`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const finances = await openFinances(page);
    const dialog = await finances.addExpense({
      amount: '900',
      category: 'School Fees',
      description: 'Fees for Grade 7',
    });
    const toast = page.locator('.kcf-toast');
    await expect(toast).toContainText('Insufficient Balance');
    await expect(dialog).toBeVisible();
    // The toast has slid in and the dialog has made room: their boxes are where they stay.
    await page.waitForTimeout(300);
    const buttons = [
      ...(await dialog.locator('.kcf-dialog__footer button').all()),
      dialog.getByRole('button', { name: 'Close' }),
    ];
    expect(await coveredBy(toast, buttons), 'what the toast covers').toEqual([]);
  });

  test(`on ${name}, toasts leave Create User and the dialog's close button uncovered`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, stack.url, ADMIN);
    await page.goto(`${stack.url}/users`);
    const users = new UserManagement(page);
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(users.row(ADMIN.username)).toBeVisible();
    const createUser = page.getByRole('main').getByRole('button', { name: 'Create User' });
    const toast = page.locator('.kcf-toast');

    // A refused save: the dialog stays open under its toast.
    const dialog = await users.openCreate();
    await dialog.getByLabel(/^First Name/).fill('Taken');
    await dialog.getByLabel(/^Last Name/).fill('Name');
    await dialog.getByLabel(/^Username/).fill(ADMIN.username);
    await dialog.getByLabel(/^Temporary Password/).fill('Temp!pass1');
    await dialog.getByLabel(/^Confirm Password/).fill('Temp!pass1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast).toContainText('Username already exists');
    await page.waitForTimeout(300);
    const dialogButtons = [
      dialog.getByRole('button', { name: 'Close' }),
      ...(await dialog.locator('.kcf-dialog__footer button').all()),
    ];
    expect(await coveredBy(toast, dialogButtons), 'what the toast covers in the dialog').toEqual([]);

    // A save: the dialog closes and its toast shows over the page, beside its main button.
    const username = name === 'a phone' ? 'toastp' : 'toastd';
    await dialog.getByLabel(/^Username/).fill(username);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast).toContainText('User created successfully.');
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(300);
    expect(await coveredBy(toast, [createUser]), 'what the toast covers on the page').toEqual([]);
  });
}

test('a date typed day first in an en-US browser is saved as that day, and a day after today is refused', async ({
  page,
}) => {
  const finances = await openFinances(page);
  await finances.addIncomeButton().click();
  const dialog = page.getByRole('dialog', { name: 'Add Income' });
  await dialog.getByLabel(/^Amount/).fill('1500');
  await dialog.getByLabel(/^Source/).fill('Church harambee');
  await dialog.getByLabel(/^Remarks/).fill('Harambee day');
  const date = dialog.getByLabel(/^Date/);

  // A day that does not exist gets the form's message and saves nothing.
  await date.fill('31/02/2026');
  await dialog.getByRole('button', { name: 'Add Income' }).click();
  await expect(dialog.getByText('Date must be a valid date (YYYY-MM-DD)')).toBeVisible();

  // Tomorrow on the foundation's calendar, typed day first: money cannot have come in yet.
  const today = foundationToday();
  const pad = (n: number) => String(n).padStart(2, '0');
  const tomorrow = new Date(`${today.iso}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  await date.fill(`${pad(tomorrow.getUTCDate())}/${pad(tomorrow.getUTCMonth() + 1)}/${tomorrow.getUTCFullYear()}`);
  await dialog.getByRole('button', { name: 'Add Income' }).click();
  await expect(dialog.getByText('Date cannot be in the future')).toBeVisible();

  // The 1st (the 2nd in January, once it has come) of this month, which an en-US browser would read as the month.
  const day = today.month === 1 && Number(today.iso.slice(8)) >= 2 ? 2 : 1;
  const iso = `${today.year}-${pad(today.month)}-${pad(day)}`;
  await date.fill(`${pad(day)}/${pad(today.month)}/${today.year}`);
  await dialog.getByRole('button', { name: 'Add Income' }).click();
  await expect(dialog).toBeHidden();
  const shown = new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
  await expect(finances.table().getByRole('row').filter({ hasText: 'Harambee day' })).toContainText(shown);

  const saved = await page.request.get(`${stack.url}/api/income`);
  expect(await saved.text()).toContain(`"date":"${iso}"`);

  // Edited, the dialog shows the saved day first too.
  await page.getByRole('button', { name: 'Edit income Harambee day' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Income' }).getByLabel(/^Date/)).toHaveValue(
    `${pad(day)}/${pad(today.month)}/${today.year}`,
  );
});

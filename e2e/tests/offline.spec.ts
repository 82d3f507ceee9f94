import { expect, test } from '@playwright/test';
import { DashboardScreen, FinancesScreen, expectToast, foundationToday } from '../support/finance-pages';
import { Connection, OFFLINE_SAVE_TEXT, SECTION_OFFLINE_TEXT, createIncome } from '../support/offline-pages';
import { LoginPage, Shell } from '../support/pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startDistributedStack();
  await createIncome(stack.url, ADMIN, { amount: '12000', source: 'Church harambee', date: foundationToday().iso });
});
test.afterAll(async () => {
  await stack?.stop();
});

test('with the network cut the app says so once, keeps what is on screen, and a failed save keeps what was typed', async ({
  page,
  context,
}) => {
  test.setTimeout(45_000);
  await page.goto(stack.url + '/login');
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  const dashboard = new DashboardScreen(page);
  await expect(dashboard.stat('Total Donations in KSH')).toHaveText('12,000.00');

  // Once the page is idle, staff who may write have its forms' code too: they open without a connection.
  const forms = Promise.all(
    ['income-dialog', 'expense-dialog'].map((name) =>
      page.waitForResponse((r) => r.url().includes(`/${name}.`) && r.ok()),
    ),
  );
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();
  await expect(finances.table()).toContainText('Church harambee');
  await forms;

  // The connection drops: one calm banner, and the sections already loaded still work with their data.
  const connection = new Connection(page, context);
  await connection.cut();
  await shell.go('Dashboard');
  await expect(dashboard.stat('Total Donations in KSH')).toHaveText('12,000.00');
  await shell.go('Finances');
  await finances.expectLoaded();
  await expect(finances.card('Total Income')).toHaveText('KSH 12,000.00');
  await expect(finances.table()).toContainText('Church harambee');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(connection.banner()).toHaveCount(1);

  // A save while offline is not sent; the dialog stays open with what was typed and says why.
  await finances.addIncomeButton().click();
  const dialog = page.getByRole('dialog', { name: 'Add Income' });
  await dialog.getByLabel(/^Amount/).fill('2500.50');
  await dialog.getByLabel(/^Source/).fill('Rotary Club Kakamega');
  await dialog.getByLabel(/^Remarks/).fill('Term 2 pledge');
  await dialog.getByRole('button', { name: 'Add Income' }).click();
  await expectToast(page, 'Error', OFFLINE_SAVE_TEXT);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('2500.50');
  await expect(dialog.getByLabel(/^Source/)).toHaveValue('Rotary Club Kakamega');
  await expect(dialog.getByLabel(/^Remarks/)).toHaveValue('Term 2 pledge');

  // Back online: the banner goes and the same save goes through.
  await connection.restore();
  await dialog.getByRole('button', { name: 'Add Income' }).click();
  await expectToast(page, 'Success', 'Income created successfully');
  await expect(dialog).toBeHidden();
  await expect(finances.card('Total Income')).toHaveText('KSH 14,500.50');
  await expect(finances.table()).toContainText('Rotary Club Kakamega');

  // A section never opened cannot load offline: its card says so, and it opens by itself once back online.
  await connection.cut();
  await shell.go('User Management');
  await expect(page.getByText('This section could not be loaded')).toBeVisible();
  await expect(page.getByText(SECTION_OFFLINE_TEXT)).toBeVisible();
  await connection.restore();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('System Administrator');
});

import { expect, test, type Page } from '@playwright/test';
import {
  BudgetScreen,
  DashboardScreen,
  FinancesScreen,
  createStaffUser,
  downloadedPdfText,
  downloadedText,
  expectToast,
  foundationToday,
} from '../support/finance-pages';
import { createBeneficiaryViaApi } from '../support/beneficiaries-pages';
import { LoginPage, Shell } from '../support/pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

const TREASURER = { username: 'treasurer', firstName: 'Wanjiku', role: 'admin' as const, password: 'Money@2024ok' };
const AUDITOR = { username: 'auditor', firstName: 'Otieno', role: 'viewer' as const, password: 'Audit@2024ok' };

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDistributedStack();
  await createStaffUser(stack.url, ADMIN, TREASURER);
  await createStaffUser(stack.url, ADMIN, AUDITOR);
});
test.afterAll(async () => {
  await stack?.stop();
});

async function signIn(page: Page, user: { username: string; password: string }): Promise<Shell> {
  await page.goto(stack.url + '/login');
  await new LoginPage(page).signIn(user.username, user.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  return shell;
}

test('an admin keeps the books: income, a refused and an accepted expense, budgets, reports and the dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const today = foundationToday();
  const shell = await signIn(page, TREASURER);

  // Income, then an expense the balance cannot cover (refused in the browser), then one it can.
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();
  await expect(page.getByText('No transactions found. Start by adding your first transaction.')).toBeVisible();
  await finances.addIncome({ amount: '50000', source: 'Rotary Club Kakamega', remarks: 'Annual pledge' });
  await expectToast(page, 'Success', 'Income created successfully');
  await expect(finances.card('Total Income')).toHaveText('KSH 50,000.00');

  const refused = await finances.addExpense({ amount: '50000.01', category: 'School Fees', description: 'Too much' });
  await expectToast(
    page,
    'Insufficient Balance',
    'Cannot create expense: Amount (KSH 50,000.01) exceeds available balance (KSH 50,000.00)',
  );
  await refused.getByRole('button', { name: 'Cancel' }).click();

  // Budgets for the current term, before the expense that uses them.
  await shell.go('Budget');
  const budget = new BudgetScreen(page);
  await budget.expectLoaded();
  await budget.selectTerm(today.term);
  await expect(page.getByText(`No budget items found for ${today.term} ${today.year}`)).toBeVisible();
  await budget.createBudget({
    term: today.term,
    year: today.year,
    category: 'School Fees',
    planned: '20000',
    notes: 'Secondary fees',
  });
  await budget.createBudget({ term: today.term, year: today.year, category: 'Health', planned: '5000' });
  await expect(budget.row('School Fees')).toContainText('KES 0.00');

  await shell.go('Finances');
  await finances.addExpense({ amount: '2500', category: 'School Fees', description: 'Fees for Grade 7' });
  await expectToast(page, 'Success', 'Expense created successfully');
  await expect(finances.card('Net Balance')).toHaveText('KSH 47,500.00');
  // Growing the expense past what the balance holds is refused by the server.
  const tooBig = await finances.editExpense('Fees for Grade 7', '60000');
  await expectToast(page, 'Insufficient Balance', /^Cannot update expense: .*balance/);
  await tooBig.getByRole('button', { name: 'Cancel' }).click();

  // The filters work.
  await expect.poll(() => finances.rowTypes()).toEqual(['Expense', 'Income']);
  await finances.filter('Income');
  await expect.poll(() => finances.rowTypes()).toEqual(['Income']);
  await finances.filter('Expenses');
  await expect.poll(() => finances.rowTypes()).toEqual(['Expense']);
  await finances.filter('All');
  // A search that finds nothing says so (not the empty list's text), and Clear filters brings every row back.
  await finances.search('no such donor');
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await finances.clearFilters();
  await expect.poll(() => finances.rowTypes()).toEqual(['Expense', 'Income']);

  const monthly = await finances.downloadMonthlyReport();
  expect(monthly.suggestedFilename()).toBe(`Monthly_Report_${today.iso.slice(0, 4)}_${today.iso.slice(5, 7)}.txt`);
  const monthlyText = await downloadedText(monthly);
  expect(monthlyText).toContain('Total Income: KSH 50,000.00');
  expect(monthlyText).toContain('Number of Expense Entries: 1');
  expect(monthlyText).toContain('  School Fees: KSH 2,500.00 (1 entry)');
  expect(monthlyText).toContain('Net Balance: KSH 47,500.00 (SURPLUS)');

  // The used amount follows the expense through the events, without Sync.
  await shell.go('Budget');
  await budget.selectTerm(today.term);
  await expect(async () => {
    await page.reload();
    await budget.selectTerm(today.term);
    await expect(budget.row('School Fees')).toContainText('KES 2,500.00', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(budget.row('School Fees')).toContainText('13%');
  await expect(budget.termCard(today.term)).toContainText('KES 22,500.00');

  // Inline edit: Cancel reverts, Save goes over budget and shows the warning.
  const details = await budget.openDetails('School Fees');
  await details.getByRole('button', { name: 'Edit' }).click();
  await details.getByLabel(/^Planned Amount/).fill('1');
  await details.getByRole('button', { name: 'Cancel' }).click();
  await expect(details).toContainText('KES 20,000.00');
  await details.getByRole('button', { name: 'Edit' }).click();
  await details.getByLabel(/^Planned Amount/).fill('2000');
  await details.getByLabel(/^Notes/).fill('Cut after the harambee');
  await details.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Budget item updated successfully');
  await expect(details.getByRole('alert')).toHaveText('Budget exceeded by KES 500.00');
  await expect(details.getByTestId('usage-percent')).toHaveText('125.0%');
  await expect(details.locator('.kcf-progress__bar--red')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(budget.row('School Fees')).toContainText('125%');

  // The term's PDF and the year's CSV carry the totals: planned 7,000, used 2,500, remaining 4,500.
  const pdf = await budget.downloadTermPdf(today.term);
  expect(pdf.suggestedFilename()).toBe(`Budget_${today.term.replace(' ', '_')}_${today.year}.pdf`);
  await expectToast(page, 'Success', `${today.term} budget report downloaded`);
  const pdfText = await downloadedPdfText(pdf);
  expect(pdfText).toContain(`Budget Report - ${today.term} ${today.year}`);
  expect(pdfText).toMatch(/KES 7,000\.00\s+KES 2,500\.00\s+KES 4,500\.00\s+35\.7%/);
  expect(pdfText).toMatch(
    /School Fees\s+KES 2,000\.00\s+KES 2,500\.00\s+KES -500\.00\s+125\.0%\s+Cut after the harambee/,
  );
  expect(pdfText).toContain('Page 1 of 1');
  expect(pdfText).toContain('Confidential');

  const csv = await budget.downloadAnnual('CSV');
  expect(csv.suggestedFilename()).toBe(`Budget_Annual_${today.year}.csv`);
  const csvLines = (await downloadedText(csv)).split('\r\n');
  expect(csvLines).toContain('7000.00,2500.00,4500.00,35.7%');
  expect(csvLines).toContain('Quarter,Category,Planned Amount (KES),Used Amount (KES),Remaining (KES),Usage %');
  expect(csvLines).toContain(`${today.term},School Fees,2000.00,2500.00,-500.00,125.0%`);
  expect(csvLines).toContain(`${today.term},Health,5000.00,0.00,5000.00,0.0%`);

  // A budget of last year is shown once created (the page turns to its year), and the year selector goes back.
  await budget.createBudget({ term: 'Term 1', year: today.year - 1, category: 'Other Activities', planned: '1000' });
  await expect(budget.subtitle()).toHaveText(`Budget planning and tracking for ${today.year - 1}`);
  await expect(budget.termCard('Term 1')).toContainText('KES 1,000.00');
  await expect(budget.row('Other Activities')).toContainText('KES 1,000.00');
  await budget.selectYear(today.year);
  await expect(budget.subtitle()).toHaveText(`Budget planning and tracking for ${today.year}`);
  await expect(budget.termCard('Term 1')).not.toContainText('KES 1,000.00');

  // The dashboard shows the same money.
  await shell.go('Dashboard');
  const dashboard = new DashboardScreen(page);
  await expect(dashboard.stat('Total Donations in KSH')).toHaveText('50,000.00');
  const overview = dashboard.overview();
  await expect(overview.getByTestId('net-balance')).toHaveText('KSH 47,500.00');
  await expect(overview).toContainText('KSH 7,000.00');
  await expect(overview).toContainText('School Fees');
  await expect(overview).toContainText('KSH 2,500.00 / KSH 2,000.00');

  // On a 390 px phone the expense's child is searched with the picker, which fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(stack.url + '/finances');
  await finances.expectLoaded();
  const dialog = await finances.openAddExpense();
  const picker = dialog.getByRole('searchbox', { name: /^Beneficiary/ });
  await picker.fill('Nobody Here');
  await expect(dialog.getByText('No beneficiaries match “Nobody Here”.')).toBeVisible();
  const box = (await picker.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a viewer reads the money screens and downloads reports but adds nothing', async ({ page }) => {
  const shell = await signIn(page, AUDITOR);
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();
  await expect(finances.monthlyReportButton()).toBeVisible();
  await expect(finances.table()).toContainText('Fees for Grade 7');
  await expect(finances.addIncomeButton()).toHaveCount(0);
  await expect(finances.addExpenseButton()).toHaveCount(0);
  await expect(finances.table().getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  await shell.go('Budget');
  const budget = new BudgetScreen(page);
  await budget.expectLoaded();
  await expect(budget.syncButton()).toHaveCount(0);
  await expect(budget.createButton()).toHaveCount(0);
  await budget.selectTerm(foundationToday().term);
  const details = await budget.openDetails('Health');
  await expect(details).toContainText('KES 5,000.00');
  await expect(details.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('the superadmin deletes a budget item and an expense after confirming', async ({ page }) => {
  const today = foundationToday();
  const shell = await signIn(page, ADMIN);
  await shell.go('Budget');
  const budget = new BudgetScreen(page);
  await budget.expectLoaded();
  await budget.selectTerm(today.term);
  await page.getByRole('main').getByRole('button', { name: 'Delete Health budget' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Budget' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete the Health budget for ${today.term}? This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Budget item deleted successfully');
  await expect(budget.row('Health')).toHaveCount(0);

  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await page.getByRole('main').getByRole('button', { name: 'Delete expense Fees for Grade 7' }).click();
  await page.getByRole('dialog', { name: 'Delete Expense' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Expense deleted successfully');
  await expect(finances.card('Total Expenses')).toHaveText('KSH 0.00');
  await expect.poll(() => finances.rowTypes()).toEqual(['Income']);
});

test('a reload of a section sends its reads at once, each one time, beside the sign-in state', async ({ page }) => {
  test.setTimeout(60_000);
  const shell = await signIn(page, AUDITOR);
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();
  // What the page read when it opened is remembered for its address once the page has settled.
  await page.waitForFunction(() => sessionStorage.getItem('kcf.early-requests')?.includes('/api/transactions'), null, {
    timeout: 10_000,
  });

  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === stack.url) sent.push(url.pathname + url.search);
  });
  await page.reload();
  await finances.expectLoaded();
  await page.waitForLoadState('networkidle');

  const reads = sent.filter((url) => url.startsWith('/api/'));
  const transactions = reads.filter((url) => url.startsWith('/api/transactions?'));
  expect(transactions).toHaveLength(1);
  expect(reads.filter((url) => url === '/api/auth/user')).toHaveLength(1);
  // Each read once: the page took the answers sent early instead of asking again.
  expect(new Set(reads).size).toBe(reads.length);
  // Sent before the section's own code was asked for (before, the page asked once its code had loaded).
  const firstCode = sent.findIndex((url) => url.startsWith('/remotes/finance/') && !url.endsWith('/remoteEntry.js'));
  expect(firstCode).toBeGreaterThan(-1);
  expect(sent.indexOf(transactions[0])).toBeLessThan(firstCode);
});

test('an income or an expense dated after today and a Monthly Report of a month to come are refused with their messages', async ({
  page,
}) => {
  const today = foundationToday();
  const shell = await signIn(page, TREASURER);
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();

  await finances.addIncomeButton().click();
  const income = page.getByRole('dialog', { name: 'Add Income' });
  await income.getByLabel(/^Amount/).fill('1000');
  await income.getByLabel(/^Source/).fill('Pledge not yet paid');
  await income.getByLabel(/^Date/).fill(`01/06/${today.year + 1}`);
  await income.getByRole('button', { name: 'Add Income' }).click();
  await expect(income.getByText('Date cannot be in the future')).toBeVisible();
  await income.getByRole('button', { name: 'Cancel' }).click();

  const expense = await finances.openAddExpense();
  await finances.fillExpense(expense, { amount: '100', category: 'Health', description: 'Clinic visit next year' });
  await expense.getByLabel(/^Date/).fill(`02/01/${today.year + 1}`);
  await expense.getByRole('button', { name: 'Add Expense' }).click();
  await expect(expense.getByText('Date cannot be in the future')).toBeVisible();
  await expense.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('main')).not.toContainText('Pledge not yet paid');

  // The report month box takes a month to come; the report says why it is not made, and nothing downloads.
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByLabel('Report month').fill(`${today.year + 1}-01`);
  await finances.monthlyReportButton().click();
  await expectToast(page, 'Monthly Report', 'A monthly report can only be made for this month or an earlier one');
  expect(downloaded).toBe(false);
});

test("Edit Expense shows the expense's child as Add Expense does: name, id and picture", async ({ page }) => {
  const child = await createBeneficiaryViaApi(stack.url, TREASURER, {
    fullName: 'Imani Chebet',
    dateOfBirth: '2015-05-05',
    homeVillage: 'Shinyalu',
    subCounty: 'Lurambi',
    county: 'kakamega',
    guardianName: 'Ruth Chebet',
    guardianPhone: '0712345678',
    schoolName: 'Shinyalu Primary',
    gradeLevel: 'grade_4',
  });
  const shell = await signIn(page, TREASURER);
  const funded = await page.request.post(`${stack.url}/api/income`, {
    multipart: { amount: '1000', source: 'Optician appeal', date: foundationToday().iso },
  });
  expect(funded.status(), await funded.text()).toBe(201);
  const saved = await page.request.post(`${stack.url}/api/expenses`, {
    multipart: {
      amount: '250',
      category: 'health',
      description: 'Glasses for Imani',
      date: foundationToday().iso,
      beneficiaryId: child.id,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();
  await page.getByRole('main').getByRole('button', { name: 'Edit expense Glasses for Imani' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Expense' });
  await expect(dialog.getByText('Imani Chebet', { exact: true })).toBeVisible();
  await expect(dialog.getByText(child.id, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Imani Chebet' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test("a second Administrative budget is refused as 'An Administrative budget …', and a year's term without budgets reads the breakdown's text", async ({
  page,
}) => {
  const today = foundationToday();
  const shell = await signIn(page, TREASURER);
  await shell.go('Budget');
  const budget = new BudgetScreen(page);
  await budget.expectLoaded();
  await budget.createBudget({ term: today.term, year: today.year, category: 'Administrative', planned: '3000' });
  await budget.createButton().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Budget' });
  await dialog.getByLabel(/^Term/).selectOption(today.term);
  await dialog.getByLabel(/^Year/).fill(String(today.year));
  await dialog.getByLabel(/^Category/).selectOption({ label: 'Administrative' });
  await dialog.getByLabel(/^Planned Amount/).fill('100');
  await dialog.getByRole('button', { name: 'Create Budget' }).click();
  await expect(page.locator('.kcf-toast__description')).toHaveText(
    `An Administrative budget for ${today.term} ${today.year} already exists`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Two years back no budget was made: the breakdown says so in its own words, with nothing to clear.
  await budget.selectYear(today.year - 2);
  await budget.selectTerm('Term 2');
  await expect(page.getByText(`No budget items found for Term 2 ${today.year - 2}`)).toBeVisible();
  await expect(page.getByText('No budgets match these filters.')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
});

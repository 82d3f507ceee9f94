import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Download, type Locator, type Page, request } from '@playwright/test';

/** Page objects for the money screens, in the product's own words. */

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = page.locator('.kcf-toast');
  await expect(toast.locator('.kcf-toast__title')).toHaveText(title);
  if (description !== undefined) await expect(toast.locator('.kcf-toast__description')).toHaveText(description);
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
}

/** What a saved download holds, as text. */
export async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

/** The text of a downloaded PDF, read with poppler's pdftotext. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', await download.path(), '-']);
  return stdout;
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** Today on the foundation's clock (Nairobi) as YYYY-MM-DD, and its budget term. */
export function foundationToday(): { iso: string; year: number; month: number; term: 'Term 1' | 'Term 2' | 'Term 3' } {
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year, month] = iso.split('-').map(Number);
  return { iso, year, month, term: month <= 4 ? 'Term 1' : month <= 8 ? 'Term 2' : 'Term 3' };
}

export class FinancesScreen {
  constructor(private readonly page: Page) {}

  private main() {
    return this.page.getByRole('main');
  }

  async expectLoaded() {
    await expect(this.main().getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
  }

  card(label: 'Total Income' | 'Total Expenses' | 'Net Balance'): Locator {
    return this.main().getByTestId(`summary-${label}`);
  }

  addIncomeButton() {
    return this.main().getByRole('button', { name: 'Add Income' });
  }

  addExpenseButton() {
    return this.main().getByRole('button', { name: 'Add Expense' });
  }

  monthlyReportButton() {
    return this.main().getByRole('button', { name: 'Monthly Report' });
  }

  async addIncome(fields: { amount: string; source: string; remarks?: string }) {
    await this.addIncomeButton().click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Income' });
    await dialog.getByLabel(/^Amount/).fill(fields.amount);
    await dialog.getByLabel(/^Source/).fill(fields.source);
    if (fields.remarks) await dialog.getByLabel(/^Remarks/).fill(fields.remarks);
    await dialog.getByRole('button', { name: 'Add Income' }).click();
  }

  async fillExpense(dialog: Locator, fields: { amount: string; category?: string; description?: string }) {
    await dialog.getByLabel(/^Amount/).fill(fields.amount);
    if (fields.category) await dialog.getByLabel(/^Category/).selectOption({ label: fields.category });
    if (fields.description) await dialog.getByLabel(/^Description/).fill(fields.description);
  }

  async openAddExpense(): Promise<Locator> {
    await this.addExpenseButton().click();
    return this.page.getByRole('dialog', { name: 'Add Expense' });
  }

  /** Opens Add Expense, fills it and submits; the dialog stays open when the expense is refused. */
  async addExpense(fields: { amount: string; category: string; description: string }): Promise<Locator> {
    await this.addExpenseButton().click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Expense' });
    await this.fillExpense(dialog, fields);
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    return dialog;
  }

  async editExpense(description: string, amount: string) {
    await this.main()
      .getByRole('button', { name: `Edit expense ${description}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit Expense' });
    await this.fillExpense(dialog, { amount });
    await dialog.getByRole('button', { name: 'Update Expense' }).click();
    return dialog;
  }

  table(): Locator {
    return this.main().getByRole('table', { name: 'Recent Transactions' });
  }

  /** The Type column of every row, top to bottom. */
  async rowTypes(): Promise<string[]> {
    return this.table().locator('tbody tr td:first-child').allInnerTexts();
  }

  /** Types into the list's search box (the list asks the server once typing pauses). */
  async search(text: string) {
    await this.main().getByLabel('Search').fill(text);
  }

  async clearFilters() {
    await this.main().getByRole('button', { name: 'Clear filters' }).click();
  }

  async filter(name: 'All' | 'Income' | 'Expenses') {
    await this.main()
      .getByRole('group', { name: 'Show transactions' })
      .getByRole('button', { name, exact: true })
      .click();
  }

  downloadMonthlyReport(): Promise<Download> {
    return downloadOf(this.page, () => this.monthlyReportButton().click());
  }
}

export class BudgetScreen {
  constructor(private readonly page: Page) {}

  private main() {
    return this.page.getByRole('main');
  }

  async expectLoaded() {
    await expect(this.main().getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  }

  createButton() {
    return this.main().getByRole('button', { name: 'Create Budget' });
  }

  syncButton() {
    return this.main().getByRole('button', { name: 'Sync with Expenses' });
  }

  async selectYear(year: number) {
    await this.main().getByLabel('Year', { exact: true }).selectOption(String(year));
  }

  subtitle(): Locator {
    return this.main().locator('.kcf-page-subtitle');
  }

  async selectTerm(term: string) {
    await this.main().getByRole('group', { name: 'Term' }).getByRole('button', { name: term, exact: true }).click();
  }

  async createBudget(fields: { term: string; year: number; category: string; planned: string; notes?: string }) {
    await this.createButton().click();
    const dialog = this.page.getByRole('dialog', { name: 'Create New Budget' });
    await dialog.getByLabel(/^Term/).selectOption(fields.term);
    await dialog.getByLabel(/^Year/).fill(String(fields.year));
    await dialog.getByLabel(/^Category/).selectOption({ label: fields.category });
    await dialog.getByLabel(/^Planned Amount/).fill(fields.planned);
    if (fields.notes) await dialog.getByLabel(/^Notes/).fill(fields.notes);
    await dialog.getByRole('button', { name: 'Create Budget' }).click();
    await expectToast(this.page, 'Success', 'Budget created successfully');
    await expect(dialog).toBeHidden();
  }

  /** A category's row in the breakdown table. */
  row(category: string): Locator {
    return this.main()
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: category, exact: true }) });
  }

  termCard(term: string): Locator {
    return this.main().getByTestId(`term-card-${term}`);
  }

  async openDetails(category: string): Promise<Locator> {
    await this.main()
      .getByRole('button', { name: `View ${category} budget` })
      .click();
    return this.page.getByRole('dialog', { name: 'Budget Details' });
  }

  downloadTermPdf(term: string): Promise<Download> {
    return downloadOf(this.page, () =>
      this.main()
        .getByRole('button', { name: `Download ${term} PDF` })
        .click(),
    );
  }

  downloadAnnual(format: 'PDF' | 'CSV'): Promise<Download> {
    return downloadOf(this.page, () =>
      this.main()
        .getByRole('button', { name: `Annual ${format}` })
        .click(),
    );
  }
}

export class DashboardScreen {
  constructor(private readonly page: Page) {}

  stat(label: string): Locator {
    return this.page.getByRole('main').getByTestId(`stat-${label}`);
  }

  overview(): Locator {
    return this.page
      .getByRole('main')
      .locator('section')
      .filter({ has: this.page.getByRole('heading', { name: 'Financial Overview' }) });
  }
}

/** Staff accounts made through the API by the superadmin, each with the first-login password change done. */
export async function createStaffUser(
  baseURL: string,
  superadmin: { username: string; password: string },
  user: { username: string; firstName: string; role: 'admin' | 'viewer'; password: string },
): Promise<void> {
  const headers = { Origin: baseURL };
  const initialPassword = 'Temp#2024x';
  const api: APIRequestContext = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  try {
    expect((await api.post('/api/login/local', { data: superadmin })).ok()).toBe(true);
    const created = await api.post('/api/users', {
      data: {
        firstName: user.firstName,
        lastName: 'Tester',
        username: user.username,
        password: initialPassword,
        role: user.role,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await api.post('/api/logout/local');
    expect(
      (await api.post('/api/login/local', { data: { username: user.username, password: initialPassword } })).ok(),
    ).toBe(true);
    const changed = await api.put('/api/auth/change-password', {
      data: { currentPassword: initialPassword, newPassword: user.password },
    });
    expect(changed.ok(), await changed.text()).toBe(true);
  } finally {
    await api.dispose();
  }
}

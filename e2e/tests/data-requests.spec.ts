import { readFile } from 'node:fs/promises';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import {
  createBeneficiaryViaApi,
  createStaffUser,
  field,
  signIn,
  toast,
  type StaffUser,
} from '../support/beneficiaries-pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * A child's data requests against the distributed mode: a superadmin erases a child from its profile and
 * watches the request finish on the Data requests page, which names each request's child ("erased" once it
 * is); a superadmin hands a child's data over with a reason, and the page shows who asked, for which child,
 * why and when it was downloaded; a guardian (the beneficiary role) downloads its child's data, and finds the
 * export again when it comes back instead of starting another.
 */
test.describe.configure({ mode: 'serial' });

let stack: Stack;

const child = (fullName: string) => ({
  fullName,
  dateOfBirth: '2013-02-14',
  homeVillage: 'Malava',
  subCounty: 'Malava',
  county: 'kakamega',
  guardianName: 'Rose Atieno',
  guardianPhone: '0712 345 678',
  schoolName: 'Malava Primary',
  gradeLevel: 'grade_6',
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startDistributedStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

async function signInAs(page: Page, user: StaffUser) {
  await page.context().clearCookies();
  await signIn(page, stack.url, user);
}

test('a superadmin erases a child from its profile and watches the request reach Done', async ({ page }) => {
  test.setTimeout(120_000);
  const { id } = await createBeneficiaryViaApi(stack.url, ADMIN, child('Zawadi Kerubo'));
  await signInAs(page, ADMIN);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase Child' });
  await expect(dialog.getByText(/expenses stay in the accounts/)).toBeVisible();
  const erase = dialog.getByRole('button', { name: 'Erase', exact: true });
  await dialog.getByLabel(field('Reason')).fill('The guardian asked for the erasure');
  await dialog.getByLabel(field("Type the child's ID to confirm")).fill('KCF-999999');
  await expect(erase).toBeDisabled();
  await dialog.getByLabel(field("Type the child's ID to confirm")).fill(id);
  await expect(erase).toBeEnabled();
  await erase.click();

  await expect(toast(page, 'Erasure requested: follow it on the Data requests page')).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/data-requests`);
  await expect(page.getByRole('heading', { name: 'Data requests', exact: true })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Data requests' })
    .getByRole('row')
    .filter({ hasText: 'The guardian asked for the erasure' });
  await expect(row).toContainText('Erasure');
  // The page reads the requests again while one runs: the request reaches Done by itself, each domain too.
  await expect(row.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  for (const domain of ['Beneficiaries', 'Finance', 'Identity']) await expect(row).toContainText(`${domain}: Done`);
  // The request no longer names the child: it is erased.
  await expect(row.getByRole('cell').first()).toHaveText('erased');
  await expect(row).not.toContainText('Zawadi Kerubo');
  await expect(row).not.toContainText(id);

  // The child is gone.
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  await expect(page.getByRole('heading', { name: 'Beneficiary not found' })).toBeVisible();
});

const dataCard = (page: Page) =>
  page.locator('section.kcf-card').filter({ has: page.getByRole('heading', { name: "Child's Data", exact: true }) });

/** The exports of a child as the superadmin's list has them. */
async function exportsOf(beneficiaryId: string): Promise<{ id: string; requestedBy: { name: string | null } }[]> {
  const api = await request.newContext({ baseURL: stack.url });
  expect((await api.post('/api/login/local', { data: ADMIN })).status()).toBe(200);
  const res = await api.get(`/api/data-requests?beneficiaryId=${beneficiaryId}&type=export`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { id: string; requestedBy: { name: string | null } }[];
  await api.dispose();
  return body;
}

/** A page in a browser of its own, signed in: the user coming back another day (nothing kept from this tab). */
async function comeBack(browser: Browser, user: StaffUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, stack.url, user);
  return page;
}

test('a guardian finds its export again when it comes back instead of asking for another, and downloads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { id } = await createBeneficiaryViaApi(stack.url, ADMIN, child('Neema Atieno'));
  const guardian = await createStaffUser(stack.url, 'beneficiary', 'ratieno', id);
  // Asked for earlier, from another device.
  const elsewhere = await request.newContext({ baseURL: stack.url });
  expect((await elsewhere.post('/api/login/local', { data: guardian })).status()).toBe(200);
  expect((await elsewhere.post('/api/data-requests', { data: { type: 'export', beneficiaryId: id } })).status()).toBe(
    202,
  );
  await elsewhere.dispose();

  // Coming back: the export being prepared or ready, and its link; not "Download all data" again.
  await signInAs(page, guardian);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  const card = dataCard(page);
  await expect(card.getByRole('button', { name: 'Erase' })).toHaveCount(0);
  const link = card.getByRole('link', { name: 'Download ZIP' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/The link works for 24 hours/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Download all data' })).toHaveCount(0);
  expect(await exportsOf(id)).toHaveLength(1);

  // A reload, and another browser, show the same export.
  await page.reload();
  await expect(link).toBeVisible();
  const later = await comeBack(browser, guardian);
  await later.goto(`${stack.url}/beneficiaries/${id}`);
  await expect(dataCard(later).getByRole('link', { name: 'Download ZIP' })).toBeVisible();
  await later.context().close();

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.length).toBeGreaterThan(100);
  expect(await exportsOf(id)).toHaveLength(1);

  // A new one only when asked for; the guardian may say why, or not.
  await card.getByRole('button', { name: 'New export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download All Data' });
  await expect(dialog.getByLabel(field('Reason (optional)'))).toHaveValue('');
  await dialog.getByRole('button', { name: 'Prepare Export' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Download ZIP' })).toBeVisible({ timeout: 60_000 });
  expect(await exportsOf(id)).toHaveLength(2);
});

test("a superadmin hands over a child's data with a reason; the Data requests page shows what was handed to whom", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { id } = await createBeneficiaryViaApi(stack.url, ADMIN, child('Baraka Otieno'));
  const guardian = await createStaffUser(stack.url, 'beneficiary', 'botieno', id);
  // The guardian's own export, without a reason.
  const own = await request.newContext({ baseURL: stack.url });
  expect((await own.post('/api/login/local', { data: guardian })).status()).toBe(200);
  expect((await own.post('/api/data-requests', { data: { type: 'export', beneficiaryId: id } })).status()).toBe(202);
  await own.dispose();

  await signInAs(page, ADMIN);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  const card = dataCard(page);
  await card.getByRole('button', { name: 'Download all data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download All Data' });
  // Staff say why: the data-protection officer answers for every hand-over.
  await dialog.getByRole('button', { name: 'Prepare Export' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel(field('Reason')).fill('The guardian asked at the office for a copy');
  await dialog.getByRole('button', { name: 'Prepare Export' }).click();
  await expect(dialog).toHaveCount(0);
  const link = card.getByRole('link', { name: 'Download ZIP' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  await download.path();

  await page.goto(`${stack.url}/data-requests`);
  const table = page.getByRole('table', { name: 'Data requests' });
  const handed = table.getByRole('row').filter({ hasText: 'The guardian asked at the office for a copy' });
  // For which child, what, each domain's state, who asked and as what, and when it was downloaded.
  await expect(handed.getByRole('link', { name: 'Baraka Otieno' })).toHaveAttribute('href', `/beneficiaries/${id}`);
  await expect(handed).toContainText(id);
  await expect(handed.getByText('Export', { exact: true })).toBeVisible();
  for (const domain of ['Beneficiaries', 'Finance', 'Identity']) await expect(handed).toContainText(`${domain}: Done`);
  await expect(handed).toContainText('Super Admin');
  await expect(handed.getByText(/^Downloaded once, /)).toBeVisible();
  // The superadmin's own ZIP, while it is valid.
  await expect(handed.getByRole('link', { name: 'Download ZIP' })).toHaveAttribute(
    'href',
    /^\/api\/data-requests\/[0-9a-f-]+\/download$/,
  );

  // The guardian's: named, as the guardian, no reason, not downloaded, and no link for anyone but the guardian.
  const theirs = table.getByRole('row').filter({ hasText: 'Beneficiary' }).filter({ hasText: id });
  await expect(theirs).toHaveCount(1);
  await expect(theirs.getByRole('link', { name: 'Baraka Otieno' })).toBeVisible();
  await expect(theirs).toContainText('No reason given');
  await expect(theirs).toContainText('Not downloaded');
  await expect(theirs.getByRole('link', { name: 'Download ZIP' })).toHaveCount(0);
});

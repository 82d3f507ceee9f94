import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createBeneficiaryViaApi, createStaffUser, field, signIn, toast, type StaffUser } from '../support/beneficiaries-pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * A child's data requests against the distributed mode: a superadmin erases a child from its profile and
 * watches the request finish on the Data requests page; a guardian (the beneficiary role) downloads its
 * child's data.
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
  const row = page.getByRole('table', { name: 'Data requests' }).getByRole('row').filter({ hasText: 'The guardian asked for the erasure' });
  await expect(row).toContainText('Erasure');
  // The page reads the requests again while one runs: the request reaches Done by itself, each domain too.
  await expect(row.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  for (const domain of ['Beneficiaries', 'Finance', 'Identity']) await expect(row).toContainText(`${domain}: Done`);

  // The child is gone.
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  await expect(page.getByRole('heading', { name: 'Beneficiary not found' })).toBeVisible();
});

test("a guardian downloads its child's data", async ({ page }) => {
  test.setTimeout(120_000);
  const { id } = await createBeneficiaryViaApi(stack.url, ADMIN, child('Neema Atieno'));
  const guardian = await createStaffUser(stack.url, 'beneficiary', 'ratieno', id);
  await signInAs(page, guardian);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  const card = page.locator('section.kcf-card').filter({ has: page.getByRole('heading', { name: "Child's Data", exact: true }) });
  await expect(card.getByRole('button', { name: 'Erase' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Download all data' }).click();
  const link = card.getByRole('link', { name: 'Download ZIP' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/The link works for 24 hours/)).toBeVisible();

  // A reload keeps showing the export (its id is kept for the tab).
  await page.reload();
  await expect(link).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.length).toBeGreaterThan(100);
});

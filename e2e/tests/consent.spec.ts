import { expect, test, type Page } from '@playwright/test';
import {
  BeneficiariesList,
  BeneficiaryDetail,
  BeneficiaryDialog,
  MOTHERS_CONSENT,
  createStaffUser,
  field,
  imageLoaded,
  signIn,
  tinyPng,
  toast,
  uploadPhotoViaApi,
  type StaffUser,
} from '../support/beneficiaries-pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * Consent by purpose against the distributed mode: an admin records the guardian's consent while adding a
 * child; the guardian's own account withdraws photo consent, and the photo is gone for every role.
 */
test.describe.configure({ mode: 'serial' });

let stack: Stack;
let admin: StaffUser;
let viewer: StaffUser;

const NEEMA = {
  fullName: 'Neema Akinyi',
  dateOfBirth: '2015-07-21',
  homeVillage: 'Butula',
  subCounty: 'Butula',
  county: 'Busia',
  guardianName: 'Mary Wekesa',
  guardianPhone: '0712 345 678',
  schoolName: 'Butula Primary',
  gradeLevel: 'Grade 4',
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startDistributedStack();
  [admin, viewer] = await Promise.all([createStaffUser(stack.url, 'admin', 'grace'), createStaffUser(stack.url, 'viewer', 'peter')]);
});

test.afterAll(async () => {
  await stack?.stop();
});

async function signInAs(page: Page, user: StaffUser) {
  await page.context().clearCookies();
  await signIn(page, stack.url, user);
}

test('record consent while adding a child; withdraw photo consent and see the photo disappear for every role', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, admin);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();

  // Adding: registration consent is required; photos (internal) granted by the same person.
  await list.addButton().click();
  const dialog = new BeneficiaryDialog(page);
  await dialog.submit();
  await expect(dialog.dialog().getByText('Relationship is required')).toBeVisible();
  await expect(dialog.dialog().getByText('Method is required')).toBeVisible();
  await dialog.fill(NEEMA, MOTHERS_CONSENT, ['Photos (internal)']);
  await dialog.submit();
  await expect(toast(page, 'Beneficiary created successfully')).toBeVisible();
  const row = list.row(NEEMA.fullName);
  const id = (await row.locator('td').nth(1).innerText()).trim();
  expect(id).toMatch(/^KCF-\d{6}$/);
  await uploadPhotoViaApi(stack.url, admin, id, tinyPng());
  const guardian = await createStaffUser(stack.url, 'beneficiary', 'mwekesa', id);

  // The profile shows what was recorded, and the photo.
  const detail = new BeneficiaryDetail(page);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  const consent = detail.card('Consent');
  const purpose = (name: string) => consent.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await expect(purpose('Registration')).toContainText('Granted');
  await expect(purpose('Registration')).toContainText('Given by Mary Wekesa (Mother) · 5 Jan 2026 · Signed form');
  await expect(purpose('Photos (internal)')).toContainText('Granted');
  await expect(purpose('Medical')).toContainText('Not recorded');
  await expect(purpose('Photos in donor reports')).toContainText('Not recorded');
  expect(await imageLoaded(detail.card('Personal Information').getByRole('img', { name: NEEMA.fullName }))).toBe(true);
  await expect(page.getByText('Photo consent has not been recorded for this child.')).toHaveCount(0);

  // The guardian's own account may only withdraw, and withdraws photo consent.
  await signInAs(page, guardian);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  await expect(purpose('Photos (internal)')).toContainText('Granted');
  await expect(consent.getByRole('button', { name: /^(Record|Renew) / })).toHaveCount(0);
  await consent.getByRole('button', { name: 'Withdraw Photos (internal) consent' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw Photos (internal) Consent' });
  await expect(withdraw.getByLabel(field('Withdrawn By'))).toHaveValue('Mary Wekesa');
  await withdraw.getByLabel(field('Relationship to Child')).fill('Mother');
  await withdraw.getByLabel(field('Method')).selectOption({ label: 'Signed form' });
  await withdraw.getByRole('button', { name: 'Withdraw Consent' }).click();
  await expect(toast(page, 'Consent withdrawn successfully')).toBeVisible();
  await expect(withdraw).toHaveCount(0);
  await expect(purpose('Photos (internal)')).toContainText('Withdrawn');

  // Gone for every role: the placeholder on the profile, and the photo itself is no longer served.
  for (const user of [guardian, viewer, admin, ADMIN]) {
    await signInAs(page, user);
    await page.goto(`${stack.url}/beneficiaries/${id}`);
    const personal = detail.card('Personal Information');
    await expect(personal.getByRole('img', { name: 'No photo' }), user.username).toBeVisible();
    await expect(personal.getByRole('img', { name: NEEMA.fullName })).toHaveCount(0);
    await expect(page.getByText('Photo consent has been withdrawn for this child.')).toBeVisible();
    expect((await page.request.get(`${stack.url}/api/beneficiaries/${id}/photo`)).status(), user.username).toBe(404);
  }

  // Staff who edit no longer find a photo upload.
  await signInAs(page, admin);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(dialog.dialog().getByText('Photo consent has been withdrawn for this child.')).toBeVisible();
  await expect(dialog.photoInput()).toHaveCount(0);
  await dialog.close();
});

import { expect, request, test, type Page } from '@playwright/test';
import {
  BeneficiariesList,
  BeneficiaryDetail,
  BeneficiaryDialog,
  MOTHERS_CONSENT,
  createBeneficiaryViaApi,
  createStaffUser,
  field,
  fillConsent,
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
 * child; the guardian's own account withdraws photo consent, and the photo is gone for every role; a child
 * without photo consent shows no photo anywhere and takes one only once the consent is recorded; withdrawing
 * photos (internal) withdraws photos in donor reports too, and Withdraw is offered only for what was recorded.
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
  [admin, viewer] = await Promise.all([
    createStaffUser(stack.url, 'admin', 'grace'),
    createStaffUser(stack.url, 'viewer', 'peter'),
  ]);
});

test.afterAll(async () => {
  await stack?.stop();
});

async function signInAs(page: Page, user: StaffUser) {
  await page.context().clearCookies();
  await signIn(page, stack.url, user);
}

test('record consent while adding a child; withdraw photo consent and see the photo disappear for every role', async ({
  page,
}) => {
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
  const purpose = (name: string) =>
    consent.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
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

/** The guardian's consent as the API takes it. */
const GRANT = {
  state: 'granted',
  givenBy: 'Mary Wekesa',
  relationship: 'Mother',
  method: 'signed_form',
  date: '2026-01-05',
};

/** A child registered through the API with the consents of `purposes` granted. */
async function childWithConsents(fullName: string, purposes: string[]): Promise<string> {
  const consents = Object.fromEntries(purposes.map((purpose) => [purpose, GRANT]));
  const { id } = await createBeneficiaryViaApi(stack.url, admin, {
    ...NEEMA,
    fullName,
    county: 'busia',
    gradeLevel: 'grade_4',
    consents: JSON.stringify(consents),
  });
  return id;
}

const consentItem = (page: Page, name: string) =>
  new BeneficiaryDetail(page)
    .card('Consent')
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

test('a child without photo consent shows no photo anywhere, and takes one only once the consent is recorded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = 'Imani Chebet';
  const id = await childWithConsents(name, ['registration']);
  // The server takes no photo of it, and says which consent is missing.
  const api = await request.newContext({ baseURL: stack.url });
  expect((await api.post('/api/login/local', { data: admin })).status()).toBe(200);
  const refused = await api.post(`/api/beneficiaries/${id}/photo`, {
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: tinyPng() } },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Photos (internal) consent has not been recorded for this child: record it before adding a photo',
  );
  await api.dispose();

  await signInAs(page, admin);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  await expect(list.row(name).locator('img')).toHaveCount(0);

  // Editing: no upload until the consent is recorded; the dialog offers to record it.
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  const detail = new BeneficiaryDetail(page);
  await expect(detail.card('Personal Information').getByRole('img', { name: 'No photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = new BeneficiaryDialog(page);
  await expect(
    dialog
      .dialog()
      .getByText('Photos (internal) consent has not been recorded for this child: record it before adding a photo'),
  ).toBeVisible();
  await expect(dialog.photoInput()).toHaveCount(0);
  await dialog.dialog().getByRole('button', { name: 'Record Photo Consent' }).click();
  const record = page.getByRole('dialog', { name: 'Record Photos (internal) Consent' });
  await fillConsent(record, MOTHERS_CONSENT);
  await record.getByRole('button', { name: 'Record Consent' }).click();
  await expect(toast(page, 'Consent recorded successfully')).toBeVisible();
  await expect(record).toHaveCount(0);
  await dialog.photoInput().setInputFiles({ name: 'imani.png', mimeType: 'image/png', buffer: tinyPng() });
  await dialog.dialog().getByRole('button', { name: 'Save Photo to Database' }).click();
  await expect(toast(page, 'Photo uploaded and saved to database')).toBeVisible();
  await dialog.close();
  await expect(consentItem(page, 'Photos (internal)')).toContainText('Granted');
  expect(await imageLoaded(detail.card('Personal Information').getByRole('img', { name }))).toBe(true);

  // Now the list and the dashboard's recent children show it.
  await list.open();
  expect(await imageLoaded(list.row(name).locator('img'))).toBe(true);
  await page.goto(`${stack.url}/`);
  const recent = page
    .getByRole('list', { name: 'Recent beneficiaries' })
    .getByRole('listitem')
    .filter({ hasText: name });
  expect(await imageLoaded(recent.locator('img'))).toBe(true);
});

test('withdrawing photos (internal) withdraws photos in donor reports too, saying so; Withdraw only for what was recorded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await childWithConsents('Zuri Wanjiru', ['registration', 'photos_internal', 'photos_donor']);
  await signInAs(page, admin);
  await page.goto(`${stack.url}/beneficiaries/${id}`);
  const card = new BeneficiaryDetail(page).card('Consent');
  await expect(consentItem(page, 'Photos in donor reports')).toContainText('Granted');
  // Medical was never recorded: it can be recorded, not withdrawn.
  await expect(card.getByRole('button', { name: 'Record Medical consent' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw Medical consent' })).toHaveCount(0);

  // Who gave it is named as the card labels the field.
  await card.getByRole('button', { name: 'Record Medical consent' }).click();
  const medical = page.getByRole('dialog', { name: 'Record Medical Consent' });
  await medical.getByLabel(field('Given By')).fill('');
  await medical.getByRole('button', { name: 'Record Consent' }).click();
  await expect(medical.getByText('Given by is required')).toBeVisible();
  await expect(medical.getByText('Guardian name is required')).toHaveCount(0);
  await medical.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'Withdraw Photos (internal) consent' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw Photos (internal) Consent' });
  await expect(
    withdraw.getByText('Photos in donor reports will be withdrawn too: a photo in a donor report needs this consent.'),
  ).toBeVisible();
  await withdraw.getByLabel(field('Withdrawn By')).fill('');
  await withdraw.getByRole('button', { name: 'Withdraw Consent' }).click();
  await expect(withdraw.getByText('Withdrawn by is required')).toBeVisible();
  await fillConsent(withdraw, { ...MOTHERS_CONSENT, date: '2026-02-01' }, false);
  await withdraw.getByRole('button', { name: 'Withdraw Consent' }).click();
  await expect(toast(page, 'Consent withdrawn successfully')).toBeVisible();
  await expect(withdraw).toHaveCount(0);
  await expect(consentItem(page, 'Photos (internal)')).toContainText('Withdrawn');
  await expect(consentItem(page, 'Photos in donor reports')).toContainText('Withdrawn');
  await expect(consentItem(page, 'Photos in donor reports')).toContainText(
    'Withdrawn by Mary Wekesa (Mother) · 1 Feb 2026',
  );
});

import { expect, test } from '@playwright/test';
import {
  BeneficiariesList,
  BeneficiaryDetail,
  BeneficiaryDialog,
  GiftsPage,
  MOTHERS_CONSENT,
  createBeneficiaryViaApi,
  createStaffUser,
  field,
  imageLoaded,
  parseCsv,
  signIn,
  tinyPdf,
  tinyPng,
  toast,
  type StaffUser,
} from '../support/beneficiaries-pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * The beneficiaries remote against the distributed mode: an admin registers a child with everything that
 * hangs off it, finds, sorts and exports the list; a viewer only reads; a superadmin deletes; a gift with
 * a photo shows on the Gifts page.
 */
test.describe.configure({ mode: 'serial' });

let stack: Stack;
let admin: StaffUser;
let viewer: StaffUser;
let amaniId = '';

const AMANI = {
  fullName: 'Amani Wekesa',
  dateOfBirth: '2014-03-09',
  homeVillage: 'Funyula',
  subCounty: 'Samia',
  county: 'Busia',
  guardianName: 'Mary Wekesa',
  guardianPhone: '0712 345 678',
  schoolName: 'Funyula Primary',
  gradeLevel: 'Grade 5',
};

/** The header row of the beneficiary export. */
const EXPORT_HEADER = [
  'Beneficiary ID',
  'Full Name',
  'Age',
  'Date of Birth',
  'Guardian Name',
  'Guardian Phone',
  'Home Village',
  'Sub County',
  'County',
  'School Name',
  'Grade Level',
  'Status',
  'Has Special Needs',
];

const other = (fullName: string, county: string) => ({
  fullName,
  dateOfBirth: '2012-06-01',
  homeVillage: 'Shinyalu',
  subCounty: 'Shinyalu',
  county,
  guardianName: 'Rose Atieno',
  guardianPhone: '0722 000 111',
  schoolName: 'Shinyalu Primary',
  gradeLevel: 'grade_7',
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startDistributedStack();
  [admin, viewer] = await Promise.all([
    createStaffUser(stack.url, 'admin', 'grace'),
    createStaffUser(stack.url, 'viewer', 'peter'),
  ]);
  await createBeneficiaryViaApi(stack.url, admin, other('Zawadi Otieno', 'kakamega'));
  await createBeneficiaryViaApi(stack.url, admin, other('Baraka Mulama', 'vihiga'));
});

test.afterAll(async () => {
  await stack?.stop();
});

test('an admin registers a child with a birth certificate and a photo, then fills in the profile', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, stack.url, admin);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  await expect(list.rows()).toHaveCount(2);
  // Admins add and edit but never delete.
  await expect(list.table().getByRole('button', { name: /^Delete / })).toHaveCount(0);

  // Add: the form checks its messages before anything is sent.
  await list.addButton().click();
  const dialog = new BeneficiaryDialog(page);
  await expect(
    dialog.dialog().getByText("Special needs are managed from the beneficiary's profile page after creation."),
  ).toBeVisible();
  await dialog.submit();
  await expect(dialog.dialog().getByText('Full name is required')).toBeVisible();
  await expect(dialog.dialog().getByText('Grade level is required')).toBeVisible();
  // The gift below shows the child's photo: the guardian agreed to photos, in donor reports too.
  await dialog.fill(AMANI, MOTHERS_CONSENT, ['Photos (internal)', 'Photos in donor reports']);
  await dialog.attachBirthCertificate('amani-birth.pdf', tinyPdf());
  await dialog.submit();
  await expect(toast(page, 'Beneficiary created successfully')).toBeVisible();
  await expect(dialog.dialog()).toHaveCount(0);
  const row = list.row(AMANI.fullName);
  await expect(row).toContainText('Funyula, Busia');
  amaniId = (await row.locator('td').nth(1).innerText()).trim();
  expect(amaniId).toMatch(/^KCF-\d{6}$/);

  // Edit mode only: a photo, saved on its own; the selection clears afterwards.
  await row.getByRole('button', { name: `Edit ${AMANI.fullName}` }).click();
  await expect(dialog.dialog().getByRole('button', { name: 'Delete Photo' })).toHaveCount(0);
  const save = dialog.dialog().getByRole('button', { name: 'Save Photo to Database' });
  await expect(save).toBeDisabled();
  await dialog.photoInput().setInputFiles({ name: 'amani.png', mimeType: 'image/png', buffer: tinyPng() });
  await save.click();
  await expect(toast(page, 'Photo uploaded and saved to database')).toBeVisible();
  await expect(dialog.photoInput()).toHaveValue('');
  await expect(save).toBeDisabled();
  expect(await imageLoaded(dialog.dialog().getByRole('img', { name: AMANI.fullName }))).toBe(true);
  await dialog.close();
  // The list shows the small thumbnail made at upload, not the photo itself.
  const avatar = list.row(AMANI.fullName).getByRole('img', { name: AMANI.fullName });
  await expect(avatar).toHaveAttribute('src', /\/photo\/thumbnail\?t=\d+/);
  expect(await imageLoaded(avatar)).toBe(true);

  // The profile: no household yet, so the card is hidden and the header offers the first member.
  await list.row(AMANI.fullName).getByRole('link', { name: AMANI.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/beneficiaries/${amaniId}$`));
  const detail = new BeneficiaryDetail(page);
  await expect(page.getByRole('heading', { level: 1, name: AMANI.fullName })).toBeVisible();
  expect(await imageLoaded(detail.card('Personal Information').getByRole('img', { name: AMANI.fullName }))).toBe(true);
  await expect(detail.card('Personal Information')).toContainText('Funyula, Samia, Busia');
  await expect(detail.card('Household Members')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Household Member' }).click();
  await detail.fillRecordForm({ Name: 'Jane Wekesa', Relationship: 'Sister', Age: '9' }, 'Add Member');
  await expect(detail.card('Household Members').getByRole('row', { name: /Jane Wekesa Sister 9/ })).toBeVisible();

  const school = detail.card('School Information');
  await school.getByRole('button', { name: 'Add Performance' }).click();
  await detail.fillRecordForm({ Subject: 'Mathematics', Term: 'Term 1', Grade: 'A-' }, 'Add Entry');
  await school.getByRole('button', { name: 'Add Fee' }).click();
  await detail.fillRecordForm({ Term: 'Term 2', Year: '2025', 'Amount (KSH)': '4500' }, 'Add Fee');
  await expect(school).toContainText('Mathematics - Term 1');
  await expect(school).toContainText('A-');
  await expect(school).toContainText('Term 2 2025');
  await expect(school).toContainText('KSH 4,500.00');

  // Special needs: the resolved date shows only for the resolved status.
  const needs = detail.card('Special Needs Management');
  await needs.getByRole('button', { name: 'Add Special Need' }).click();
  await expect(detail.formDialog().getByLabel('Date Resolved')).toHaveCount(0);
  await detail.formDialog().getByLabel(field('Status')).selectOption({ label: 'Resolved' });
  await expect(detail.formDialog().getByLabel('Date Resolved')).toBeVisible();
  await detail.fillRecordForm(
    { Category: 'Health', Status: 'Active', Description: 'Needs reading glasses' },
    'Add Entry',
  );
  await expect(toast(page, 'Special need entry created successfully')).toBeVisible();
  await expect(needs).toContainText('Needs reading glasses');

  // A document, with its type badge and size.
  const docs = detail.card('Document Attachments');
  await docs.getByRole('button', { name: 'Upload' }).click();
  await expect(docs.getByText('Please select a file and document type')).toBeVisible();
  await docs
    .getByLabel('Document (PDF, JPG, PNG, DOC, DOCX)')
    .setInputFiles({ name: 'clinic-report.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Clinic') });
  await docs.getByLabel('Document Type').selectOption({ label: 'Medical' });
  await docs.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Document uploaded successfully')).toBeVisible();
  const doc = docs.getByRole('listitem').filter({ hasText: 'clinic-report.pdf' });
  await expect(doc.locator('.kcf-badge--red')).toHaveText('Medical');
  await expect(doc).toContainText(/\d+ Bytes/);

  // All of it is still there on a fresh load of the page.
  await page.reload();
  await expect(detail.card('Household Members')).toContainText('Jane Wekesa');
  await expect(detail.card('School Information')).toContainText('Mathematics - Term 1');
  await expect(detail.card('Special Needs Management')).toContainText('Needs reading glasses');
  await expect(detail.card('Document Attachments')).toContainText('clinic-report.pdf');
});

test('the admin filters, sorts on the server and exports the matching rows', async ({ page }) => {
  await signIn(page, stack.url, admin);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  await expect(list.rows()).toHaveCount(3);

  await list.filter('County', 'Busia');
  await expect(list.rows()).toHaveCount(1);
  await expect(list.row(AMANI.fullName)).toBeVisible();
  await list.filter('County', 'All Counties');
  await list.filter('Special Needs', 'Has special needs');
  await expect(list.rows()).toHaveCount(1);
  await list.filter('Special Needs', 'All');
  await list.search('zawadi');
  await expect(list.rows()).toHaveCount(1);
  await expect(list.row('Zawadi Otieno')).toBeVisible();
  await list.search('nobody-by-this-name');
  await expect(page.getByText('No beneficiaries match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(toast(page, 'No beneficiaries to export')).toBeVisible();
  await list.search('');
  await expect(list.rows()).toHaveCount(3);

  const sorted = page.waitForRequest((r) => r.url().includes('sort=fullName&dir=asc'));
  await list.sortBy('Full Name');
  await sorted;
  await expect(list.columnHeader('Full Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => list.names()).toEqual(['Amani Wekesa', 'Baraka Mulama', 'Zawadi Otieno']);
  const flipped = page.waitForRequest((r) => r.url().includes('sort=fullName&dir=desc'));
  await list.sortBy('Full Name');
  await flipped;
  await expect(list.columnHeader('Full Name')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => list.names()).toEqual(['Zawadi Otieno', 'Baraka Mulama', 'Amani Wekesa']);

  const csv = await list.exportCsv();
  expect(csv.name).toMatch(/^Beneficiaries_Report_\d{4}_\d{2}_\d{2}\.csv$/);
  const rows = parseCsv(csv.text).filter((r) => r.some((cell) => cell !== ''));
  expect(rows[0]).toEqual(EXPORT_HEADER);
  expect(rows).toHaveLength(4);
  const amani = rows.find((r) => r[0] === amaniId);
  expect(amani?.[1]).toBe(AMANI.fullName);
  expect(amani?.[EXPORT_HEADER.length - 1]).toBe('Yes');
  expect(rows.find((r) => r[1] === 'Zawadi Otieno')?.[EXPORT_HEADER.length - 1]).toBe('No');
});

test('a viewer reads everything and is offered no add, edit or delete', async ({ page }) => {
  await signIn(page, stack.url, viewer);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  await expect(list.rows()).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(list.addButton()).toHaveCount(0);
  await expect(list.table().getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  await list
    .row(AMANI.fullName)
    .getByRole('button', { name: `View ${AMANI.fullName}` })
    .click();
  const detail = new BeneficiaryDetail(page);
  await expect(detail.card('Household Members')).toContainText('Jane Wekesa');
  await expect(detail.card('Document Attachments')).toContainText('clinic-report.pdf');
  await expect(page.getByRole('main').getByRole('button', { name: /Edit|Add|Upload|Delete/ })).toHaveCount(0);

  const gifts = new GiftsPage(page, stack.url);
  await gifts.open();
  await expect(page.getByRole('button', { name: 'Add Gift' })).toHaveCount(0);
});

test("a child's profile asks for each of its reads once, opened from the list and opened again", async ({ page }) => {
  await signIn(page, stack.url, viewer);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  const child = `/api/beneficiaries/${amaniId}`;
  const expected = [
    child,
    ...['consents', 'household-members', 'special-needs', 'school-performance', 'school-fees', 'documents'].map(
      (part) => `${child}/${part}`,
    ),
  ];
  let asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'fetch' && url.pathname.startsWith(child)) asked.push(url.pathname + url.search);
  });
  const detail = new BeneficiaryDetail(page);
  const shown = async () => {
    await expect(detail.card('Household Members')).toContainText('Jane Wekesa');
    await expect(detail.card('Document Attachments')).toContainText('clinic-report.pdf');
    await expect(detail.card('Special Needs Management')).toBeVisible();
    await page.waitForLoadState('networkidle');
  };

  // The shell starts them with the page's code; the page takes them under the same keys instead of asking again.
  await list
    .row(AMANI.fullName)
    .getByRole('button', { name: `View ${AMANI.fullName}` })
    .click();
  await shown();
  expect([...asked].sort()).toEqual([...expected].sort());

  // A reload sends the remembered reads at once; the shell and the page take those answers.
  asked = [];
  await page.reload();
  await shown();
  expect([...asked].sort()).toEqual([...expected].sort());
});

test('a gift is added with a photo and shows on the Gifts page', async ({ page }) => {
  await signIn(page, stack.url, admin);
  const gifts = new GiftsPage(page, stack.url);
  await gifts.open();
  await expect(page.getByText('No gifts found. Start by adding your first gift.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Gift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Gift' });
  await dialog.getByRole('button', { name: 'Create Gift' }).click();
  await expect(dialog.getByText('Beneficiary is required')).toBeVisible();
  await expect(dialog.getByText('Amount must be a positive number')).toBeVisible();

  await dialog.getByLabel('Beneficiary').fill('Amani');
  await dialog.getByRole('button', { name: new RegExp(`Amani Wekesa ${amaniId}`) }).click();
  await dialog.getByLabel('Gift Type').selectOption({ label: 'Christmas' });
  await dialog.getByLabel('Amount (KSH)').fill('1500');
  await dialog.getByLabel(field('Description')).fill('Christmas hamper');
  await dialog.getByLabel('Contents').fill('Rice, sugar and school shoes');
  await dialog
    .getByLabel('Gift Photo (JPG/PNG)')
    .setInputFiles({ name: 'hamper.png', mimeType: 'image/png', buffer: tinyPng() });
  await dialog.getByRole('button', { name: 'Create Gift' }).click();
  await expect(toast(page, 'Gift created successfully')).toBeVisible();

  const card = gifts.card(AMANI.fullName);
  await expect(card).toContainText(amaniId);
  await expect(card).toContainText('KSH 1,500.00');
  await expect(card).toContainText('Rice, sugar and school shoes');
  // Both pictures come small: the gift's card image and the child's thumbnail.
  const giftPicture = card.getByRole('img', { name: `Gift for ${AMANI.fullName}` });
  await expect(giftPicture).toHaveAttribute('src', /\/photo\/card\?t=\d+/);
  expect(await imageLoaded(giftPicture)).toBe(true);
  const childPicture = card.getByRole('img', { name: AMANI.fullName, exact: true });
  await expect(childPicture).toHaveAttribute('src', /\/photo\/thumbnail$/);
  expect(await imageLoaded(childPicture)).toBe(true);
});

test('a superadmin deletes a child after confirming', async ({ page }) => {
  await signIn(page, stack.url, ADMIN);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  await list.row('Baraka Mulama').getByRole('button', { name: 'Delete Baraka Mulama' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Beneficiary' });
  await expect(confirm).toContainText('Are you sure you want to delete Baraka Mulama? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Beneficiary deleted successfully')).toBeVisible();
  await expect(list.row('Baraka Mulama')).toHaveCount(0);
  await expect(list.rows()).toHaveCount(2);
  await page.goto(`${stack.url}/beneficiaries/KCF-999999`);
  await expect(page.getByText('Beneficiary not found')).toBeVisible();
});

test('a filter that finds nothing says so and clears; the table fits its box at 1024 and 1280 px', async ({ page }) => {
  await signIn(page, stack.url, admin);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  await expect(list.rows().first()).toBeVisible();
  await list.search('nobody-by-this-name');
  await expect(page.getByText('No beneficiaries match these filters.')).toBeVisible();
  await expect(page.getByText('No beneficiaries found. Start by adding your first beneficiary.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(list.rows().first()).toBeVisible();
  await expect(page.getByLabel(field('Search'))).toHaveValue('');

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(list.rows().first()).toBeVisible();
    expect({ width, ...(await list.fit()) }).toEqual({ width, overflow: 0, statusCovered: false });
  }
});

test('gifts are found by child, type and dates, with their count and amount', async ({ page }) => {
  await signIn(page, stack.url, viewer);
  await page.goto(`${stack.url}/gifts?giftType=special&from=2000-01-01&to=2000-01-02`);
  await expect(page.getByText('No gifts match these filters.')).toBeVisible();
  await expect(page.getByText('0 gifts · KSH 0.00')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/gifts$/);
  await expect(page.getByText('No gifts match these filters.')).toHaveCount(0);
});

test('a From date after the To date says so under the date, the gifts stay listed, and no raw error shows', async ({
  page,
}) => {
  await signIn(page, stack.url, viewer);
  const gifts = new GiftsPage(page, stack.url);
  await gifts.open();
  await expect(gifts.card(AMANI.fullName)).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/gifts')) asked.push(request.url());
  });
  await page.getByLabel(field('From')).fill('01/01/2020');
  await expect(page).toHaveURL(/from=2020-01-01/);
  await expect(gifts.card(AMANI.fullName)).toBeVisible();
  await page.getByLabel(field('To')).fill('31/12/2019');
  // The message is the To field's own, under it.
  const to = page.locator('.kcf-field').filter({ has: page.getByLabel(field('To')) });
  await expect(to).toContainText('To date must be on or after the From date');
  await expect(page.getByLabel(field('To'))).toHaveAttribute('aria-invalid', 'true');
  // The list is the one before: the gift is still there, no failed list, no status code.
  await expect(gifts.card(AMANI.fullName)).toBeVisible();
  await expect(page.getByText('Could not load gifts')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/\b\d{3}: /);
  expect(asked.filter((url) => url.includes('to=2019-12-31'))).toEqual([]);
  // Put right, the list follows the dates again.
  await page.getByLabel(field('To')).fill('31/12/2099');
  await expect(page.getByText('To date must be on or after the From date')).toHaveCount(0);
  await expect(gifts.card(AMANI.fullName)).toBeVisible();
});

test('a date of birth or a consent after today and a phone that is no number are refused; a Kenyan number is kept as E.164 and shown as Kenyans write it', async ({
  page,
}) => {
  await signIn(page, stack.url, admin);
  const list = new BeneficiariesList(page, stack.url);
  await list.open();
  await list.addButton().click();
  const dialog = new BeneficiaryDialog(page);
  const nextYear = new Date().getUTCFullYear() + 1;
  const imani = { ...AMANI, fullName: 'Imani Nekesa', dateOfBirth: `01/01/${nextYear}`, guardianPhone: 'not a phone' };
  await dialog.fill(imani, { ...MOTHERS_CONSENT, date: `01/02/${nextYear}` });
  await dialog.submit();
  const d = dialog.dialog();
  await expect(d.getByText('Date of birth cannot be in the future')).toBeVisible();
  await expect(d.getByText('Guardian phone must be a phone number, e.g. 0712 345 678')).toBeVisible();
  await expect(d.getByText('Date cannot be in the future')).toBeVisible();

  await d.getByLabel('Date of Birth').fill('03/02/2015');
  await d.getByLabel('Guardian Phone').fill('254722000999');
  await d.getByLabel(field('Date Given')).fill(MOTHERS_CONSENT.date);
  await dialog.submit();
  await expect(toast(page, 'Beneficiary created successfully')).toBeVisible();
  const row = list.row('Imani Nekesa');
  await expect(row).toContainText('0722 000 999');
  const id = (await row.locator('td').nth(1).innerText()).trim();
  const saved = (await (await page.request.get(`${stack.url}/api/beneficiaries/${id}`)).json()) as {
    guardianPhone: string;
  };
  expect(saved.guardianPhone).toBe('+254722000999');

  // Edited, the number reads as typed by a Kenyan, and the API takes the other ways of writing it.
  await row.getByRole('button', { name: 'Edit Imani Nekesa' }).click();
  await expect(d.getByLabel('Guardian Phone')).toHaveValue('0722 000 999');
  await d.getByLabel('Guardian Phone').fill('abc');
  await dialog.submit();
  await expect(d.getByText('Guardian phone must be a phone number, e.g. 0712 345 678')).toBeVisible();
  await d.getByLabel('Guardian Phone').fill('+254712345678');
  await dialog.submit();
  await expect(toast(page, 'Beneficiary updated successfully')).toBeVisible();
  await expect(list.row('Imani Nekesa')).toContainText('0712 345 678');
  const refused = await page.request.put(`${stack.url}/api/beneficiaries/${id}`, {
    multipart: { ...other('Imani Nekesa', 'busia'), guardianPhone: 'abc' },
  });
  expect(refused.status()).toBe(400);
});

import { expect, test } from '@playwright/test';
import { auditSentence, AuditLogScreen, HistoryCard } from '../support/audit-pages';
import {
  BeneficiaryDetail,
  createBeneficiaryViaApi,
  createStaffUser,
  signIn,
  tinyPdf,
  toast,
  uploadDocumentViaApi,
  type StaffUser,
} from '../support/beneficiaries-pages';
import { Chrome } from '../support/identity-pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

/**
 * The audit trail against the distributed mode: an admin changes a child's guardian phone and downloads one
 * of the child's documents; the superadmin reads both, in words, in the Audit Log and on the child's History
 * card (the download among the views of the admin's visit of the page, the document by its type, never its id),
 * shows the changes alone, and verifies the trail; a viewer may read none of it.
 */
test.describe.configure({ mode: 'serial' });

const STAFF_LINKS = ['Dashboard', 'Beneficiaries', 'Gifts', 'Finances', 'Budget'];
const OLD_PHONE = '0712345678';
const NEW_PHONE = '0722345678';
/** The numbers as stored (E.164), which the trail records, and as the screens write them. */
const [OLD_STORED, NEW_STORED] = ['+254712345678', '+254722345678'];
const [OLD_SHOWN, NEW_SHOWN] = ['0712 345 678', '0722 345 678'];
const DOCUMENT = { name: 'school-report.pdf', mimeType: 'application/pdf', buffer: tinyPdf('School report') };

let stack: Stack;
let admin: StaffUser;
let viewer: StaffUser;
let childId = '';
let documentId = '';

/** The admin as the trail names them: createStaffUser's admin is Grace Tester. */
const GRACE = 'Grace Tester (Admin)';
const changedPhone = () => auditSentence.changed(GRACE, 'Guardian phone', OLD_STORED, NEW_STORED, `child ${childId}`);
/** The download is one of the views of the admin's visit of the page: a line of its own only in that visit's Details. */
const downloaded = () => auditSentence.viewed(GRACE, `document Academic of child ${childId}`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startDistributedStack();
  [admin, viewer] = await Promise.all([
    createStaffUser(stack.url, 'admin', 'grace'),
    createStaffUser(stack.url, 'viewer', 'peter'),
  ]);
  ({ id: childId } = await createBeneficiaryViaApi(stack.url, admin, {
    fullName: 'Neema Atieno',
    dateOfBirth: '2013-02-14',
    homeVillage: 'Malava',
    subCounty: 'Malava',
    county: 'kakamega',
    guardianName: 'Rose Atieno',
    guardianPhone: OLD_PHONE,
    schoolName: 'Malava Primary',
    gradeLevel: 'grade_6',
  }));
  ({ id: documentId } = await uploadDocumentViaApi(stack.url, admin, childId, DOCUMENT, 'academic'));
});

test.afterAll(async () => {
  await stack?.stop();
});

test("an admin changes the guardian's phone and downloads one of the child's documents", async ({ page }) => {
  await signIn(page, stack.url, admin);
  await page.goto(`${stack.url}/beneficiaries/${childId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Neema Atieno' })).toBeVisible();
  const detail = new BeneficiaryDetail(page);

  await page.getByRole('main').getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Beneficiary/ });
  await expect(dialog.getByLabel('Guardian Phone')).toHaveValue(OLD_SHOWN);
  await dialog.getByLabel('Guardian Phone').fill(NEW_PHONE);
  await dialog.getByRole('button', { name: 'Update Beneficiary' }).click();
  await expect(toast(page, 'Beneficiary updated successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(detail.card('Personal Information')).toContainText(NEW_SHOWN);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.card('Document Attachments').getByRole('link', { name: DOCUMENT.name }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(DOCUMENT.name);
  expect(await download.failure()).toBeNull();

  // An admin reads the child's history too: their own change is on it.
  await expect(await new HistoryCard(page).find(changedPhone())).toHaveCount(1);
});

test('the superadmin finds the change and the download in the Audit Log and on the History card, and the trail verifies', async ({
  page,
}) => {
  await signIn(page, stack.url, ADMIN);
  await page.goto(`${stack.url}/dashboard`);
  const chrome = new Chrome(page);
  await chrome.nav().getByRole('link', { name: 'Audit Log' }).click();
  const log = new AuditLogScreen(page);
  await log.expectShown();
  await log.filterByChild(childId);
  await log.expectChildFilter('Neema Atieno', childId);

  // Newest first: the visit that downloaded came after the change; the document is named by its type, never by its id.
  const change = log.entry(changedPhone());
  await expect(change).toHaveCount(1);
  const visit = await log.visitWith(downloaded());
  await expect(visit).toContainText(`${GRACE} viewed `);
  await expect(log.entries().filter({ hasText: documentId })).toHaveCount(0);
  const lines = await log.entries().evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
  expect(lines.indexOf(await visit.getAttribute('data-testid'))).toBeLessThan(
    lines.indexOf(await change.getAttribute('data-testid')),
  );

  // Details: the changed field alone, old → new; the download names the file, never its contents.
  await expect(visit).toContainText(DOCUMENT.name);
  await change.getByRole('button', { name: 'Details', exact: true }).click();
  await expect(change.getByRole('list', { name: 'Changed fields' }).getByRole('listitem')).toHaveText([
    `Guardian phone: ${OLD_STORED} → ${NEW_STORED}`,
  ]);

  // Changes only: asked of the server and kept in the address; the visits are gone, the change stays.
  await log.changesOnly().check();
  await expect(page).toHaveURL(/[?&]action=change(&|$)/);
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('change');
  await expect(log.entry(changedPhone())).toHaveCount(1);
  await expect(log.entries().filter({ hasText: ' viewed ' })).toHaveCount(0);
  await log.changesOnly().uncheck();
  await expect(page).not.toHaveURL(/action=/);

  // The same filter from a shared address: the filter names the child.
  await page.goto(`${stack.url}/audit?beneficiaryId=${childId}`);
  await log.expectShown();
  await log.expectChildFilter('Neema Atieno', childId);
  await expect(log.entry(changedPhone())).toHaveCount(1);
  await log.visitWith(downloaded());

  await expect(await log.verifyIntegrity()).toHaveText(/^All [\d,]+ entries verified\.$/);

  await page.goto(`${stack.url}/beneficiaries/${childId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Neema Atieno' })).toBeVisible();
  const history = new HistoryCard(page);
  await expect(await history.findView(downloaded())).toHaveCount(1);
  await expect(await history.find(changedPhone())).toHaveCount(1);

  // The History card's Changes only: the change, and no view.
  await history.changesOnly().check();
  await expect(history.entry(changedPhone())).toHaveCount(1);
  await expect(history.lines().filter({ hasText: ' viewed ' })).toHaveCount(0);
});

test('filters that find nothing say so, and Clear filters brings every entry back', async ({ page }) => {
  await signIn(page, stack.url, ADMIN);
  await page.goto(`${stack.url}/audit`);
  const log = new AuditLogScreen(page);
  await log.expectShown();
  await expect(log.entries().first()).toBeVisible();

  // Security events (sign-ins and the like) are identity's: none is the finance domain's.
  await page.getByLabel('Domain', { exact: true }).selectOption({ label: 'Finance' });
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Security' });
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();
  await expect(page.getByText('No activity recorded yet.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(`${stack.url}/audit`);
  await expect(page.getByLabel('Domain', { exact: true })).toHaveValue('');
  await expect(log.entries().first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
});

test('a viewer gets 403 from the audit API and sees neither the History card nor the Audit Log link', async ({
  page,
}) => {
  await signIn(page, stack.url, viewer);
  const answer = await page.request.get(`${stack.url}/api/audit?beneficiaryId=${childId}`);
  expect(answer.status()).toBe(403);

  await page.goto(`${stack.url}/beneficiaries/${childId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Neema Atieno' })).toBeVisible();
  const detail = new BeneficiaryDetail(page);
  await expect(detail.card('Document Attachments')).toContainText(DOCUMENT.name);
  await expect(new HistoryCard(page).card()).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'History', exact: true })).toHaveCount(0);

  const chrome = new Chrome(page);
  await chrome.expectLinks(STAFF_LINKS);
  await expect(chrome.nav().getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
});

import { crc32, deflateSync } from 'node:zlib';
import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './stacks';

/** Page objects for the beneficiaries remote: the list, the add/edit dialog, the detail page and gifts. */

export interface StaffUser {
  username: string;
  password: string;
}

async function apiContext(baseURL: string, user: StaffUser): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('/api/login/local', { data: user });
  expect(res.status(), `sign-in of ${user.username}`).toBe(200);
  return ctx;
}

const FIRST_NAMES = { admin: 'Grace', viewer: 'Peter', beneficiary: 'Mary' } as const;

/**
 * Creates a user as the first superadmin and sets their own password (new users must change it before
 * anything else answers), so the user can sign in straight away. A beneficiary user (a guardian's account)
 * is linked to its child.
 */
export async function createStaffUser(
  baseURL: string,
  role: 'viewer' | 'admin' | 'beneficiary',
  username: string,
  beneficiaryId?: string,
): Promise<StaffUser> {
  const boss = await apiContext(baseURL, ADMIN);
  const first = 'Start!Pw1';
  const created = await boss.post('/api/users', {
    data: {
      firstName: FIRST_NAMES[role],
      lastName: 'Tester',
      username,
      password: first,
      role,
      ...(beneficiaryId ? { beneficiaryId } : {}),
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await boss.dispose();

  const password = 'Own!Passw0rd';
  const self = await apiContext(baseURL, { username, password: first });
  const changed = await self.put('/api/auth/change-password', {
    data: { currentPassword: first, newPassword: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await self.dispose();
  return { username, password };
}

/** Registers a child through the API (for data the browser test does not need to type). */
export async function createBeneficiaryViaApi(
  baseURL: string,
  user: StaffUser,
  fields: Record<string, string>,
): Promise<{ id: string }> {
  const ctx = await apiContext(baseURL, user);
  const res = await ctx.post('/api/beneficiaries', { multipart: fields });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string };
  await ctx.dispose();
  return body;
}

/** Uploads a document to a child through the API; answers its id (for data the browser test does not need to type). */
export async function uploadDocumentViaApi(
  baseURL: string,
  user: StaffUser,
  beneficiaryId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  documentType: string,
): Promise<{ id: string }> {
  const ctx = await apiContext(baseURL, user);
  const res = await ctx.post(`/api/beneficiaries/${beneficiaryId}/documents`, {
    multipart: { document: file, documentType, description: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string };
  await ctx.dispose();
  return body;
}

/** Uploads a child's photo through the API (for data the browser test does not need to type). */
export async function uploadPhotoViaApi(
  baseURL: string,
  user: StaffUser,
  beneficiaryId: string,
  buffer: Buffer,
): Promise<void> {
  const ctx = await apiContext(baseURL, user);
  const res = await ctx.post(`/api/beneficiaries/${beneficiaryId}/photo`, {
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await ctx.dispose();
}

/** Signs the browser in (the session cookie lands in the page's context). */
export async function signIn(page: Page, baseURL: string, user: StaffUser): Promise<void> {
  const res = await page.request.post(`${baseURL}/api/login/local`, { data: user });
  expect(res.status()).toBe(200);
}

/** A 2x2 PNG, made here so the photo is a real image by its bytes. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.from([0, 200, 40, 40, 40, 120, 200]);
  const pixels = deflateSync(Buffer.concat([row, row]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function tinyPdf(title = 'Birth certificate'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\n% ${title}\ntrailer <</Root 1 0 R>>\n%%EOF\n`);
}

/** A field's label as the page shows it: the text, with ' *' after it when the field is required. */
export function field(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.kcf-toast').filter({ hasText: text });
}

export interface ChildFields {
  fullName: string;
  dateOfBirth: string;
  homeVillage: string;
  subCounty: string;
  county: string;
  guardianName: string;
  guardianPhone: string;
  schoolName: string;
  gradeLevel: string;
}

export class BeneficiariesList {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async open(query = '') {
    await this.page.goto(`${this.baseURL}/beneficiaries${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Beneficiaries' })).toBeVisible();
  }
  table() {
    return this.page.getByRole('table', { name: 'Beneficiaries' });
  }
  rows() {
    return this.table().locator('tbody tr:not([aria-hidden])');
  }
  row(name: string) {
    return this.rows().filter({ hasText: name });
  }
  /** The Full Name cell of each row, top to bottom. */
  async names(): Promise<string[]> {
    return this.rows().locator('td:nth-child(3)').allInnerTexts();
  }
  columnHeader(name: string) {
    return this.table().getByRole('columnheader', { name });
  }
  async sortBy(column: string) {
    await this.columnHeader(column).getByRole('button').click();
  }
  async filter(label: 'County' | 'School Status' | 'Special Needs', option: string) {
    await this.page.getByLabel(field(label)).selectOption({ label: option });
  }
  async search(text: string) {
    await this.page.getByLabel(field('Search')).fill(text);
  }
  addButton() {
    return this.page.getByRole('button', { name: 'Add Beneficiary' });
  }
  /**
   * How the table sits in its box: whether it is wider than the box (it scrolls sideways), and whether the
   * sticky Actions header covers any part of the Status header.
   */
  async fit(): Promise<{ overflow: number; statusCovered: boolean }> {
    return this.table().evaluate((table) => {
      const box = table.parentElement!;
      const headers = [...table.querySelectorAll('th')];
      const status = headers.find((th) => th.textContent?.trim() === 'Status')!.getBoundingClientRect();
      const actions = headers.find((th) => th.textContent?.trim() === 'Actions')!.getBoundingClientRect();
      return { overflow: box.scrollWidth - box.clientWidth, statusCovered: actions.left < status.right - 0.5 };
    });
  }
  /** Presses Export and answers the downloaded file's name and text. */
  async exportCsv(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}

/** Who gave a consent, how and when (a witness for a verbal one). */
export interface ConsentFields {
  givenBy: string;
  relationship: string;
  method: 'Signed form' | 'Verbal';
  witness?: string;
  date: string;
  expiresOn?: string;
}

export const MOTHERS_CONSENT: ConsentFields = {
  givenBy: 'Mary Wekesa',
  relationship: 'Mother',
  method: 'Signed form',
  date: '2026-01-05',
};

/** Fills the consent fields of the Add Beneficiary dialog's Consent section or of the Consent dialog. */
export async function fillConsent(scope: Locator, consent: ConsentFields, granting = true) {
  await scope.getByLabel(field(granting ? 'Given By' : 'Withdrawn By')).fill(consent.givenBy);
  await scope.getByLabel(field('Relationship to Child')).fill(consent.relationship);
  await scope.getByLabel(field('Method')).selectOption({ label: consent.method });
  if (consent.witness) await scope.getByLabel(field('Witness Name')).fill(consent.witness);
  await scope.getByLabel(field(granting ? 'Date Given' : 'Date Withdrawn')).fill(consent.date);
  if (consent.expiresOn) await scope.getByLabel(field('Expires On')).fill(consent.expiresOn);
}

export class BeneficiaryDialog {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: /Beneficiary/ });
  }
  /**
   * Fills the child's fields and, when adding (the dialog requires it), the registration consent; `also`
   * ticks the other purposes the same person granted.
   */
  async fill(child: ChildFields, consent: ConsentFields = MOTHERS_CONSENT, also: string[] = []) {
    const d = this.dialog();
    await d.getByLabel('Full Name').fill(child.fullName);
    await d.getByLabel('Date of Birth').fill(child.dateOfBirth);
    await d.getByLabel('Home Village').fill(child.homeVillage);
    await d.getByLabel('Sub-county').fill(child.subCounty);
    await d.getByLabel(field('County')).selectOption({ label: child.county });
    await d.getByLabel('Guardian Name').fill(child.guardianName);
    await d.getByLabel('Guardian Phone').fill(child.guardianPhone);
    await d.getByLabel('School Name').fill(child.schoolName);
    await d.getByLabel('Grade Level').selectOption({ label: child.gradeLevel });
    if ((await d.getByLabel(field('Given By')).count()) > 0) {
      await fillConsent(d, consent);
      for (const purpose of also) await d.getByRole('checkbox', { name: purpose }).check();
    }
  }
  async attachBirthCertificate(name: string, buffer: Buffer) {
    await this.dialog()
      .getByLabel('Birth Certificate (PDF, max 5MB)')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer });
  }
  async submit() {
    await this.dialog()
      .getByRole('button', { name: /^(Create|Update) Beneficiary$/ })
      .click();
  }
  photoInput() {
    return this.dialog().getByLabel('Photo (JPG/PNG, max 1MB)');
  }
  async close() {
    await this.dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(this.dialog()).toHaveCount(0);
  }
}

export class BeneficiaryDetail {
  constructor(private readonly page: Page) {}

  card(title: string) {
    return this.page
      .locator('section.kcf-card')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }
  formDialog() {
    return this.page.getByRole('dialog');
  }
  /** Fills a small record form (label -> value; a select is chosen by its option's text) and saves it. */
  async fillRecordForm(values: Record<string, string>, submit: string) {
    const dialog = this.formDialog();
    for (const [label, value] of Object.entries(values)) {
      const control = dialog.getByLabel(field(label));
      if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption({ label: value });
      else await control.fill(value);
    }
    await dialog.getByRole('button', { name: submit }).click();
    await expect(dialog).toHaveCount(0);
  }
}

export class GiftsPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async open() {
    await this.page.goto(`${this.baseURL}/gifts`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();
  }
  card(childName: string) {
    return this.page.locator('section.kcf-card').filter({ hasText: childName });
  }
}

/** Whether an <img> finishes loading real pixels (within 10 s; a new src after a save may still be on its way). */
export async function imageLoaded(img: Locator): Promise<boolean> {
  await expect(img).toBeVisible();
  const loaded = () =>
    img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
  return expect
    .poll(loaded, { timeout: 10_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}

/** Rows of a CSV text (quoted fields with doubled quotes; a leading byte-order mark is ignored). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

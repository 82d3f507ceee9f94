import request from 'supertest';
import { cleanStoredNamesSql } from '@kcf/server-kit';
import { jpeg, png } from './fixtures';
import { as, childForm, grantPhotoConsent, startBeneficiaries, type Harness } from './harness';

/**
 * Every stored file the service serves is answered so a browser can never run it as a page: sandboxed, never
 * sniffed, never kept by any cache (a child's file is personal data: `private, no-store`); documents and birth
 * certificates download as attachments. Uploaded names lose the characters that make a name read differently
 * from what it is (bidi controls) and every control character.
 */
let h: Harness;
let child: string;
beforeAll(async () => {
  h = await startBeneficiaries();
  child = (await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm()).expect(201)).body.id;
});
afterAll(async () => {
  await h?.stop();
});

/** A file that starts like a PDF (so it is one by its magic number) and goes on as an HTML page with a script. */
const pdfWithHtml = () =>
  Buffer.from(
    '%PDF-1.4\n<html><body><h1>Hello</h1><script>fetch("/api/beneficiaries").then(r => r.text()).then(alert)</script></body></html>\n%%EOF\n',
    'latin1',
  );

const SANDBOX = "default-src 'none'; sandbox";

// eslint-disable-next-line no-control-regex -- the control characters are what this looks for
const BIDI_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** What every served file carries, whatever it is. */
function expectFileAnswer(res: request.Response) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('private, no-store');
}

/** A document or certificate: never rendered as a page of ours. */
function expectDownload(res: request.Response, contentType: string) {
  expectFileAnswer(res);
  expect(res.headers['content-type']).toBe(contentType);
  expect(res.headers['content-security-policy']).toBe(SANDBOX);
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="[A-Za-z0-9 ._()-]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/,
  );
}

/** An image shown inline: still no scripts, no sources, sandboxed. */
function expectInlineImage(res: request.Response, contentType: string) {
  expectFileAnswer(res);
  expect(res.headers['content-type']).toBe(contentType);
  expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'(;|$)/);
  expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
  expect(res.headers['content-security-policy']).not.toMatch(/script-src|unsafe-eval/);
  expect(res.headers['content-disposition']).toMatch(/^inline; filename="[A-Za-z0-9 ._()-]+"; /);
}

const uploadDocument = (bytes: Buffer, name: string) =>
  request(h.url)
    .post(`/api/beneficiaries/${child}/documents`)
    .set(as('admin'))
    .field('documentType', 'medical')
    .attach('document', bytes, name);

describe('a PDF that goes on as an HTML page with a script', () => {
  it('is served at /uploads/{fileName} as a sandboxed attachment, never sniffed', async () => {
    const doc = (await uploadDocument(pdfWithHtml(), 'report.pdf').expect(201)).body;
    const res = await request(h.url).get(`/uploads/${doc.fileName}`).set(as('viewer')).expect(200);
    expectDownload(res, 'application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    const notModified = await request(h.url)
      .get(`/uploads/${doc.fileName}`)
      .set(as('viewer'))
      .set('If-None-Match', res.headers.etag)
      .expect(304);
    expect(notModified.headers['content-security-policy']).toBe(SANDBOX);
  });

  it('is served as a birth certificate at /download/{file name} as a sandboxed attachment, never sniffed', async () => {
    const req = request(h.url).post('/api/beneficiaries').set(as('admin'));
    for (const [key, value] of Object.entries(childForm({ fullName: 'Zawadi Naliaka' }))) req.field(key, value);
    const created = (await req.attach('birthCertificate', pdfWithHtml(), 'certificate.pdf').expect(201)).body;
    const res = await request(h.url).get(created.birthCertificateUrl).set(as('viewer')).expect(200);
    expectDownload(res, 'application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Birth_Certificate_${created.id}.pdf"; filename*=UTF-8''Birth_Certificate_${created.id}.pdf`,
    );
  });
});

describe('every other stored file', () => {
  it.each([
    ['a PNG document', png(), 'scan.png', 'image/png'],
    ['a JPEG document', jpeg(), 'scan.jpg', 'image/jpeg'],
  ])('%s is a sandboxed attachment too', async (_what, bytes, name, type) => {
    const doc = (await uploadDocument(bytes, name).expect(201)).body;
    expectDownload(await request(h.url).get(`/uploads/${doc.fileName}`).set(as('viewer')).expect(200), type);
  });

  it('the photo and its thumbnail are inline images under a no-source, sandboxed policy', async () => {
    await grantPhotoConsent(h.url, child);
    await request(h.url)
      .post(`/api/beneficiaries/${child}/photo`)
      .set(as('admin'))
      .attach('photo', png(), 'me.png')
      .expect(200);
    expectInlineImage(
      await request(h.url).get(`/api/beneficiaries/${child}/photo`).set(as('viewer')).expect(200),
      'image/png',
    );
    expectInlineImage(
      await request(h.url).get(`/api/beneficiaries/${child}/photo/thumbnail`).set(as('viewer')).expect(200),
      'image/jpeg',
    );
  });

  it('the gift photo and its card image are inline images under a no-source, sandboxed policy', async () => {
    const gift = (
      await request(h.url)
        .post('/api/gifts')
        .set(as('admin'))
        .field('beneficiaryId', child)
        .field('giftType', 'christmas')
        .field('amount', '1500')
        .field('description', 'Hamper')
        .field('contents', 'Rice, sugar')
        .field('dateGiven', '2025-12-20')
        .attach('giftPhoto', jpeg(), 'g.jpg')
        .expect(201)
    ).body;
    expectInlineImage(await request(h.url).get(gift.photoUrl).set(as('viewer')).expect(200), 'image/jpeg');
    expectInlineImage(await request(h.url).get(gift.photoCardUrl).set(as('viewer')).expect(200), 'image/jpeg');
  });
});

describe('uploaded file names', () => {
  it('lose the right-to-left override that makes "a\\u202Efdp.exe" read as "aexe.pdf"', async () => {
    const doc = (await uploadDocument(pdfWithHtml(), 'a\u202Efdp.exe').expect(201)).body;
    expect(doc.originalName).toBe('afdp.exe');
    const [row] = await h.sql<{ original_name: string }>('SELECT original_name FROM documents WHERE id = $1', [doc.id]);
    expect(row.original_name).toBe('afdp.exe');
    const listed = (await request(h.url).get(`/api/beneficiaries/${child}/documents`).set(as('viewer')).expect(200))
      .body;
    expect(listed.find((d: { id: string }) => d.id === doc.id).originalName).toBe('afdp.exe');
    const served = await request(h.url).get(`/uploads/${doc.fileName}`).set(as('viewer')).expect(200);
    expect(served.headers['content-disposition']).toBe(`attachment; filename="afdp.exe"; filename*=UTF-8''afdp.exe`);
  });

  // C0 controls never get this far: the multipart reader refuses a part header holding one (400).
  it('lose every bidi control and every other control character, keeping the letters around them', async () => {
    const name =
      '\u2066Ripoti\u2069 \u200Eya\u200F \u061CShule\u202A\u202B\u202C\u202D\u2067\u2068 \u0085\u009B2026\u2028\u2029.pdf';
    const doc = (await uploadDocument(pdfWithHtml(), name).expect(201)).body;
    expect(doc.originalName).toBe('Ripoti ya Shule 2026.pdf');
    const [row] = await h.sql<{ original_name: string }>('SELECT original_name FROM documents WHERE id = $1', [doc.id]);
    expect(row.original_name).not.toMatch(BIDI_AND_CONTROLS);
  });

  it('stored before this rule, are cleaned by the upgrade (migration CleanDocumentNames)', async () => {
    const doc = (await uploadDocument(pdfWithHtml(), 'old.pdf').expect(201)).body;
    await h.sql(`UPDATE documents SET original_name = $2 WHERE id = $1`, [
      doc.id,
      'Ripoti\u202Efdp.exe \u2066ya\u2069 Shule',
    ]);
    await h.sql(cleanStoredNamesSql('documents', 'original_name'));
    const [row] = await h.sql<{ original_name: string }>('SELECT original_name FROM documents WHERE id = $1', [doc.id]);
    expect(row.original_name).toBe('Ripotifdp.exe ya Shule');
  });

  it('keep letters of every script', async () => {
    const doc = (await uploadDocument(pdfWithHtml(), 'Wanjirũ ripoti ٢٠٢٦.pdf').expect(201)).body;
    expect(doc.originalName).toBe('Wanjirũ ripoti ٢٠٢٦.pdf');
  });
});

import request from 'supertest';
import sharp from 'sharp';
import { brokenPng, doc, docx, exe, jpeg, pdf, png, text, zip } from './fixtures';
import { as, asBeneficiary, childForm, grantPhotoConsent, startBeneficiaries, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

const MB = 1024 * 1024;

async function newChild(fields: Record<string, string> = {}): Promise<string> {
  const res = await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm(fields)).expect(201);
  return res.body.id;
}

/** A multipart create with a birth certificate. */
function createWithCertificate(bytes: Buffer, name = 'certificate.pdf') {
  const req = request(h.url).post('/api/beneficiaries').set(as('admin'));
  for (const [key, value] of Object.entries(childForm())) req.field(key, value);
  return req.attach('birthCertificate', bytes, name);
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('birth certificate', () => {
  it('keeps a PDF and serves the same bytes back at /download/{file name} with safe headers', async () => {
    const bytes = pdf(4096);
    const created = (await createWithCertificate(bytes).expect(201)).body;
    const res = await binary(request(h.url).get(created.birthCertificateUrl).set(as('viewer'))).expect(200);
    expect(Buffer.compare(res.body, bytes)).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Birth_Certificate_${created.id}.pdf"; filename*=UTF-8''Birth_Certificate_${created.id}.pdf`,
    );
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('accepts exactly 5MB and refuses more with 413, storing nothing', async () => {
    await createWithCertificate(pdf(5 * MB)).expect(201);
    const before = await h.objects();
    const rows = await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM beneficiaries');
    const res = await createWithCertificate(pdf(5 * MB + 1)).expect(413);
    expect(res.body.message).toBe('Birth certificate must be 5MB or less');
    expect(await h.objects()).toEqual(before);
    expect((await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM beneficiaries'))[0].n).toBe(rows[0].n);
  });

  it('refuses anything but a PDF by its content (415), whatever the name says', async () => {
    const before = await h.objects();
    const res = await createWithCertificate(text(), 'certificate.pdf').expect(415);
    expect(res.body.message).toBe('Birth certificate must be a PDF file');
    await createWithCertificate(png(), 'certificate.pdf').expect(415);
    expect(await h.objects()).toEqual(before);
  });

  it('replaces the stored file on update and removes the old one', async () => {
    const created = (await createWithCertificate(pdf(100)).expect(201)).body;
    const oldKey = `beneficiaries/birth-certificates/${created.birthCertificateUrl.split('/').pop()}`;
    expect(await h.objects()).toContain(oldKey);
    const req = request(h.url).put(`/api/beneficiaries/${created.id}`).set(as('admin'));
    for (const [key, value] of Object.entries(childForm())) req.field(key, value);
    const updated = (await req.attach('birthCertificate', pdf(200), 'new.pdf').expect(200)).body;
    expect(updated.birthCertificateUrl).not.toBe(created.birthCertificateUrl);
    expect(await h.objects()).not.toContain(oldKey);
    await request(h.url).get(created.birthCertificateUrl).set(as('viewer')).expect(404);
    await request(h.url).get(updated.birthCertificateUrl).set(as('viewer')).expect(200);
  });

  it.each([
    '/download/../../etc/passwd',
    '/download/..%2f..%2fetc%2fpasswd',
    '/download/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/download/%2e%2e',
    '/download/..%5c..%5cwindows%5cwin.ini',
    '/download/beneficiaries%2fbirth-certificates%2fx.pdf',
    '/uploads/../package.json',
    '/uploads/%2e%2e%2fpackage.json',
    '/uploads/..%2f..%2f..%2fetc%2fpasswd',
  ])('never serves a file outside its folder: %s', async (path) => {
    const res = await request(h.url).get(path).set(as('superadmin'));
    expect([400, 404]).toContain(res.status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('photo', () => {
  it('uploads a JPG or PNG, serves it with its type, then the superadmin deletes it', async () => {
    const id = await newChild();
    await grantPhotoConsent(h.url, id);
    const bytes = png(2048);
    const up = await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', bytes, 'me.png')
      .expect(200);
    expect(up.body).toMatchObject({
      id,
      photoUrl: `/api/beneficiaries/${id}/photo`,
      photoContentType: 'image/png',
      photoThumbnailUrl: `/api/beneficiaries/${id}/photo/thumbnail`,
    });

    const res = await binary(request(h.url).get(`/api/beneficiaries/${id}/photo?t=123`).set(as('viewer'))).expect(200);
    expect(Buffer.compare(res.body, bytes)).toBe(0);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    await request(h.url)
      .get(`/api/beneficiaries/${id}/photo`)
      .set(as('viewer'))
      .set('If-None-Match', res.headers.etag)
      .expect(304);

    const thumbnail = await binary(
      request(h.url).get(`/api/beneficiaries/${id}/photo/thumbnail`).set(as('viewer')),
    ).expect(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(thumbnail.body).metadata()).toMatchObject({ format: 'jpeg', width: 128, height: 128 });

    const replaced = await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', jpeg(4096), 'me.jpg')
      .expect(200);
    expect(replaced.body.photoContentType).toBe('image/jpeg');
    expect((await h.objects()).filter((k) => k.startsWith('beneficiaries/photos/'))).toHaveLength(1);
    expect((await h.objects()).filter((k) => k.startsWith('beneficiaries/photo-thumbnails/'))).toHaveLength(1);
    const again = await request(h.url).get(`/api/beneficiaries/${id}/photo`).set(as('viewer')).expect(200);
    expect(again.headers.etag).not.toBe(res.headers.etag);

    await request(h.url).delete(`/api/beneficiaries/${id}/photo`).set(as('admin')).expect(403);
    const deleted = await request(h.url).delete(`/api/beneficiaries/${id}/photo`).set(as('superadmin')).expect(200);
    expect(deleted.body.photoUrl).toBeNull();
    expect((await h.objects()).filter((k) => k.startsWith('beneficiaries/photo'))).toEqual([]);
    await request(h.url).get(`/api/beneficiaries/${id}/photo`).set(as('viewer')).expect(404);
    await request(h.url).get(`/api/beneficiaries/${id}/photo/thumbnail`).set(as('viewer')).expect(404);
    await request(h.url).delete(`/api/beneficiaries/${id}/photo`).set(as('superadmin')).expect(404);
  });

  it('accepts exactly 1MB, refuses more (413), text renamed .png and a PNG that is no picture (415)', async () => {
    const id = await newChild();
    await grantPhotoConsent(h.url, id);
    await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', png(MB), 'big.png')
      .expect(200);
    const before = await h.objects();
    const large = await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', png(MB + 1), 'big.png')
      .expect(413);
    expect(large.body.message).toBe('Photo must be 1MB or less');
    const fake = await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', text(), 'fake.png')
      .expect(415);
    expect(fake.body.message).toBe('Photo must be a JPG or PNG image');
    await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', pdf(), 'scan.jpg')
      .expect(415);
    const broken = await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', brokenPng(), 'broken.png')
      .expect(415);
    expect(broken.body.message).toBe('Photo must be a JPG or PNG image');
    expect(await h.objects()).toEqual(before);
  });

  it('needs a file and a child that exists', async () => {
    const id = await newChild();
    const res = await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .field('x', 'y')
      .expect(400);
    expect(res.body.message).toBe('Please choose a photo');
    const before = await h.objects();
    await request(h.url)
      .post('/api/beneficiaries/KCF-999999/photo')
      .set(as('admin'))
      .attach('photo', png(), 'p.png')
      .expect(404);
    expect(await h.objects()).toEqual(before);
  });
});

describe('documents', () => {
  const upload = (id: string, bytes: Buffer, name: string, documentType = 'medical') =>
    request(h.url)
      .post(`/api/beneficiaries/${id}/documents`)
      .set(as('admin'))
      .field('documentType', documentType)
      .field('description', 'Clinic card')
      .attach('document', bytes, name);

  it.each([
    ['report.pdf', pdf(), 'application/pdf', 'pdf'],
    ['scan.jpeg', jpeg(), 'image/jpeg', 'jpg'],
    ['scan.png', png(), 'image/png', 'png'],
    ['letter.doc', doc(), 'application/msword', 'doc'],
    ['letter.docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ])('accepts %s by its content and serves the same bytes at /uploads/{fileName}', async (name, bytes, mime, ext) => {
    const id = await newChild();
    const res = await upload(id, bytes, name).expect(201);
    expect(res.body).toMatchObject({
      beneficiaryId: id,
      originalName: name,
      mimeType: mime,
      fileSize: bytes.length,
      documentType: 'medical',
      description: 'Clinic card',
      fileName: expect.stringMatching(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`)),
    });
    const served = await binary(request(h.url).get(`/uploads/${res.body.fileName}`).set(as('viewer'))).expect(200);
    expect(Buffer.compare(served.body, bytes)).toBe(0);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${name.replace('.', '\\.')}"`),
    );
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const listed = await request(h.url).get(`/api/beneficiaries/${id}/documents`).set(as('viewer')).expect(200);
    expect(listed.body).toEqual([res.body]);
  });

  it.each([
    ['an executable named .pdf', exe(), 'setup.pdf'],
    ['an executable', exe(), 'setup.exe'],
    ['text renamed .png', text(), 'photo.png'],
    ['a zip that is not a Word file', zip({ 'readme.txt': 'not word' }), 'archive.docx'],
  ])('refuses %s with 415 and stores nothing', async (_what, bytes, name) => {
    const id = await newChild();
    const before = await h.objects();
    const res = await upload(id, bytes, name).expect(415);
    expect(res.body.message).toBe('Document must be a PDF, JPG, PNG, DOC or DOCX file');
    expect(await h.objects()).toEqual(before);
    expect((await request(h.url).get(`/api/beneficiaries/${id}/documents`).set(as('viewer'))).body).toEqual([]);
  });

  it('refuses a document over 10MB with 413', async () => {
    const id = await newChild();
    const res = await upload(id, pdf(10 * MB + 1), 'big.pdf').expect(413);
    expect(res.body.message).toBe('Document must be 10MB or less');
  });

  it('says "Please select a file and document type" without either', async () => {
    const id = await newChild();
    const noType = await request(h.url)
      .post(`/api/beneficiaries/${id}/documents`)
      .set(as('admin'))
      .attach('document', pdf(), 'a.pdf')
      .expect(400);
    expect(noType.body.errors).toEqual([{ path: 'documentType', message: 'Please select a file and document type' }]);
    const noFile = await request(h.url)
      .post(`/api/beneficiaries/${id}/documents`)
      .set(as('admin'))
      .field('documentType', 'legal')
      .expect(400);
    expect(noFile.body.errors).toEqual([{ path: 'document', message: 'Please select a file and document type' }]);
  });

  it('keeps only the base of the client file name', async () => {
    const id = await newChild();
    const res = await upload(id, pdf(), '../../etc/Ripoti ya Shule.pdf').expect(201);
    expect(res.body.originalName).toBe('Ripoti ya Shule.pdf');
  });

  it('deletes (superadmin only) the row and the stored file', async () => {
    const id = await newChild();
    const { body } = await upload(id, pdf(), 'x.pdf').expect(201);
    await request(h.url).delete(`/api/documents/${body.id}`).set(as('admin')).expect(403);
    const res = await request(h.url).delete(`/api/documents/${body.id}`).set(as('superadmin')).expect(200);
    expect(res.body.message).toBe('Document deleted successfully');
    expect(await h.objects()).not.toContain(`beneficiaries/documents/${body.fileName}`);
    await request(h.url).get(`/uploads/${body.fileName}`).set(as('viewer')).expect(404);
    await request(h.url).delete(`/api/documents/${body.id}`).set(as('superadmin')).expect(404);
  });
});

describe('no orphans', () => {
  it('removes the stored object when the row cannot be written', async () => {
    const id = await newChild();
    await h.sql(
      `CREATE FUNCTION refuse_documents() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await h.sql(
      `CREATE TRIGGER refuse_documents BEFORE INSERT ON documents FOR EACH ROW EXECUTE FUNCTION refuse_documents()`,
    );
    try {
      const before = await h.objects();
      const res = await request(h.url)
        .post(`/api/beneficiaries/${id}/documents`)
        .set(as('admin'))
        .field('documentType', 'other')
        .attach('document', pdf(), 'x.pdf');
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Internal server error');
      expect(await h.objects()).toEqual(before);
      expect(await h.sql(`SELECT id FROM documents WHERE beneficiary_id = $1`, [id])).toEqual([]);
    } finally {
      await h.sql(`DROP TRIGGER refuse_documents ON documents`);
      await h.sql(`DROP FUNCTION refuse_documents()`);
    }
  });

  it('removes a document stored for a child that does not exist', async () => {
    const before = await h.objects();
    await request(h.url)
      .post('/api/beneficiaries/KCF-999999/documents')
      .set(as('admin'))
      .field('documentType', 'other')
      .attach('document', pdf(), 'x.pdf')
      .expect(404);
    expect(await h.objects()).toEqual(before);
  });

  it('deleting a child deletes its rows, its records and every stored file of it', async () => {
    const created = (await createWithCertificate(pdf()).expect(201)).body;
    const id = created.id;
    await grantPhotoConsent(h.url, id);
    await request(h.url)
      .post(`/api/beneficiaries/${id}/photo`)
      .set(as('admin'))
      .attach('photo', png(), 'p.png')
      .expect(200);
    await request(h.url)
      .post(`/api/beneficiaries/${id}/documents`)
      .set(as('admin'))
      .field('documentType', 'legal')
      .attach('document', pdf(), 'd.pdf')
      .expect(201);
    await request(h.url)
      .post('/api/gifts')
      .set(as('admin'))
      .field('beneficiaryId', id)
      .field('giftType', 'christmas')
      .field('amount', '1500')
      .field('description', 'Hamper')
      .field('contents', 'Rice, sugar')
      .field('dateGiven', '2025-12-20')
      .attach('giftPhoto', jpeg(), 'g.jpg')
      .expect(201);
    await request(h.url)
      .post(`/api/beneficiaries/${id}/household-members`)
      .set(as('admin'))
      .send({ name: 'Grace', relationship: 'Mother', age: 40 })
      .expect(201);
    await request(h.url)
      .post(`/api/beneficiaries/${id}/special-needs`)
      .set(as('admin'))
      .send({ category: 'health', description: 'Glasses', status: 'active', dateIdentified: '2025-02-01' })
      .expect(201);
    const before = await h.objects();
    await request(h.url).delete(`/api/beneficiaries/${id}`).set(as('superadmin')).expect(200);
    const after = await h.objects();
    // birth certificate, photo, its thumbnail, document, gift photo, its card image
    expect(before.filter((k) => !after.includes(k))).toHaveLength(6);
    for (const table of [
      'household_members',
      'school_performance',
      'school_fees',
      'documents',
      'special_needs',
      'gifts',
    ]) {
      expect(await h.sql(`SELECT id FROM ${table} WHERE beneficiary_id = $1`, [id])).toEqual([]);
    }
    const facts = await h.sql<{ type: string }>(
      `SELECT payload->>'recordType' AS type FROM outbox WHERE subject = 'records.created-by' AND payload->>'deleted' = 'true' AND seq > (SELECT max(seq) FROM outbox WHERE subject = 'beneficiaries.beneficiary.deleted') - 1`,
    );
    expect(facts.map((f) => f.type).sort()).toEqual([
      'beneficiary',
      'document',
      'gift',
      'household_member',
      'special_need',
    ]);
  });
});

describe('files of a child are for those who may see the child', () => {
  it('serves a beneficiary user its own child files only; others answer 404', async () => {
    const mine = (await createWithCertificate(pdf()).expect(201)).body;
    const other = (await createWithCertificate(pdf()).expect(201)).body;
    await grantPhotoConsent(h.url, other.id);
    await request(h.url)
      .post(`/api/beneficiaries/${other.id}/photo`)
      .set(as('admin'))
      .attach('photo', png(), 'p.png')
      .expect(200);
    const doc = (
      await request(h.url)
        .post(`/api/beneficiaries/${other.id}/documents`)
        .set(as('admin'))
        .field('documentType', 'legal')
        .attach('document', pdf(), 'd.pdf')
        .expect(201)
    ).body;

    await request(h.url).get(mine.birthCertificateUrl).set(asBeneficiary(mine.id)).expect(200);
    await request(h.url).get(other.birthCertificateUrl).set(asBeneficiary(mine.id)).expect(404);
    await request(h.url).get(`/api/beneficiaries/${other.id}/photo`).set(asBeneficiary(mine.id)).expect(404);
    await request(h.url).get(`/uploads/${doc.fileName}`).set(asBeneficiary(mine.id)).expect(404);
    await request(h.url).get(`/uploads/${doc.fileName}`).set(asBeneficiary(other.id)).expect(200);
    await request(h.url).get(`/uploads/${doc.fileName}`).expect(401);
  });
});

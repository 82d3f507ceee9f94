import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipSync } from 'fflate';
import request from 'supertest';
import { ForgottenExportChildren } from '../src/data-requests/forgotten-export-children.startup';
import { pdf, png } from './fixtures';
import {
  as,
  asBeneficiary,
  asSystem,
  childForm,
  grantPhotoConsent,
  startBeneficiaries,
  USERS,
  type Harness,
} from './harness';

/**
 * A child's data export as svc-beneficiaries builds it (finance and identity are stand-ins answering their
 * INTERNAL routes): who may ask, follow and download; the ZIP checked file by file against what the API answers
 * for the child; the 24-hour link; the ZIP deleted once expired.
 */
jest.setTimeout(90_000);

const EXPENSE = {
  id: '0f9a3c1e-1111-4000-8000-000000000001',
  amount: '1500.00',
  category: 'school_fees',
  date: '2026-01-15',
  description: 'Term 1 fees',
  receiptUrl: null,
  createdBy: USERS.admin.userId,
  createdAt: '2026-01-15T08:00:00.000Z',
  updatedAt: '2026-01-15T08:00:00.000Z',
};

/** An expense of the child with a receipt, and the receipt as svc-finance keeps it. */
const RECEIPTED = {
  ...EXPENSE,
  id: '0f9a3c1e-1111-4000-8000-000000000002',
  date: '2026-02-03',
  description: 'Uniform',
  receiptUrl: '/api/expenses/0f9a3c1e-1111-4000-8000-000000000002/receipt',
};
const RECEIPT = {
  bytes: Buffer.from('%PDF-1.4\n% a receipt for a uniform\n%%EOF\n'),
  name: 'risiti ya sare.pdf',
  contentType: 'application/pdf',
};

/** An audit entry of another domain about the child. */
const entryOf = (domain: 'finance' | 'identity', beneficiaryId: string, seq: number, at: string) => ({
  id: `${domain}-${seq}`,
  at,
  domain,
  actor: { id: USERS.admin.userId, username: USERS.admin.username, name: USERS.admin.name, role: 'admin' },
  action: 'create',
  entity: { type: domain === 'finance' ? 'expense' : 'user', id: `${domain}-record` },
  beneficiaryId,
  changes: [{ field: 'description', from: null, to: 'Term 1 fees' }],
  details: null,
  requestId: null,
  clientIp: null,
  userAgent: null,
});

interface StandIn {
  url: string;
  server: Server;
  calls: string[];
}

/** finance or identity: the child's expenses and one page of audit entries about it. */
async function standIn(domain: 'finance' | 'identity', children: () => string[]): Promise<StandIn> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push(`${req.method} ${url.pathname}`);
    res.setHeader('content-type', 'application/json');
    const expenses = /^\/internal\/beneficiaries\/([^/]+)\/expenses$/.exec(url.pathname);
    if (domain === 'finance' && expenses)
      return void res.end(
        JSON.stringify(
          children().includes(expenses[1])
            ? [
                { ...EXPENSE, beneficiaryId: expenses[1] },
                { ...RECEIPTED, beneficiaryId: expenses[1] },
              ]
            : [],
        ),
      );
    const receipts = /^\/internal\/beneficiaries\/([^/]+)\/receipts$/.exec(url.pathname);
    if (domain === 'finance' && receipts) {
      const listed = {
        expenseId: RECEIPTED.id,
        date: RECEIPTED.date,
        name: RECEIPT.name,
        contentType: RECEIPT.contentType,
        size: RECEIPT.bytes.length,
      };
      return void res.end(JSON.stringify(children().includes(receipts[1]) ? [listed] : []));
    }
    const receipt = /^\/internal\/beneficiaries\/([^/]+)\/receipts\/([^/]+)$/.exec(url.pathname);
    if (domain === 'finance' && receipt && children().includes(receipt[1]) && receipt[2] === RECEIPTED.id) {
      res.setHeader('content-type', RECEIPT.contentType);
      res.setHeader('content-length', String(RECEIPT.bytes.length));
      // Sent in two pieces, as a stream from storage would be.
      res.write(RECEIPT.bytes.subarray(0, 10));
      return void setTimeout(() => res.end(RECEIPT.bytes.subarray(10)), 20);
    }
    if (url.pathname === '/internal/audit') {
      const id = url.searchParams.get('beneficiaryId') ?? '';
      const items =
        children().includes(id) && !url.searchParams.get('beforeAt')
          ? [entryOf(domain, id, 7, '2026-01-15T08:00:00.000Z')]
          : [];
      return void res.end(JSON.stringify({ items }));
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls };
}

let h: Harness;
let finance: StandIn;
let identity: StandIn;
const known: string[] = [];

beforeAll(async () => {
  finance = await standIn('finance', () => known);
  identity = await standIn('identity', () => known);
  h = await startBeneficiaries({ FINANCE_URL: finance.url, IDENTITY_URL: identity.url });
});
afterAll(async () => {
  await h?.stop();
  for (const s of [finance, identity]) await new Promise((resolve) => s?.server.close(resolve));
});

const api = () => request(h.url);
const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

type Headers = Record<string, string>;

async function newChild(fullName: string): Promise<{ id: string; birthCertificateUrl: string }> {
  const req = api().post('/api/beneficiaries').set(as('admin'));
  for (const [key, value] of Object.entries(childForm({ fullName }))) req.field(key, value);
  const child = (await req.attach('birthCertificate', pdf(), 'bc.pdf').expect(201)).body;
  known.push(child.id);
  return child;
}

/** A child with a record of every kind and every kind of stored file (two documents with the same name). */
async function fullChild(fullName: string): Promise<{ id: string; birthCertificateUrl: string }> {
  const child = await newChild(fullName);
  const id = child.id;
  await api()
    .put(`/api/beneficiaries/${id}/consents/registration`)
    .set(as('admin'))
    .send({
      state: 'granted',
      givenBy: 'Mary Wanjala',
      relationship: 'Mother',
      method: 'signed_form',
      date: '2026-02-01',
    })
    .expect(200);
  await api()
    .put(`/api/beneficiaries/${id}/consents/medical`)
    .set(as('admin'))
    .send({
      state: 'granted',
      givenBy: 'Mary Wanjala',
      relationship: 'Mother',
      method: 'verbal',
      witness: 'John Otieno',
      date: '2026-02-01',
      expiresOn: '2027-02-01',
    })
    .expect(200);
  await grantPhotoConsent(h.url, id);
  await api().post(`/api/beneficiaries/${id}/photo`).set(as('admin')).attach('photo', png(2000), 'p.png').expect(200);
  for (const description of ['Report one', 'Report two']) {
    await api()
      .post(`/api/beneficiaries/${id}/documents`)
      .set(as('admin'))
      .field('documentType', 'academic')
      .field('description', description)
      .attach('document', pdf(3000), 'report.pdf')
      .expect(201);
  }
  await api()
    .post(`/api/beneficiaries/${id}/documents`)
    .set(as('admin'))
    .field('documentType', 'medical')
    .field('description', 'Clinic card')
    .attach('document', pdf(1000), 'clinic.pdf')
    .expect(201);
  for (const giftType of ['christmas', 'special']) {
    const gift = api().post('/api/gifts').set(as('admin'));
    for (const [key, value] of Object.entries({
      beneficiaryId: id,
      giftType,
      amount: '100',
      description: `A ${giftType} gift`,
      contents: 'Two books',
      dateGiven: '2025-06-01',
    }))
      gift.field(key, value);
    await gift.attach('giftPhoto', png(1500), 'g.png').expect(201);
  }
  await api()
    .post(`/api/beneficiaries/${id}/special-needs`)
    .set(as('admin'))
    .send({ category: 'health', description: 'Asthma', status: 'active', dateIdentified: '2025-01-01' })
    .expect(201);
  await api()
    .post(`/api/beneficiaries/${id}/household-members`)
    .set(as('admin'))
    .send({ name: 'Brother', relationship: 'Brother', age: 3 })
    .expect(201);
  await api()
    .post(`/api/beneficiaries/${id}/school-performance`)
    .set(as('admin'))
    .send({ subject: 'Mathematics', term: 'Term 1', grade: 'A' })
    .expect(201);
  await api()
    .post(`/api/beneficiaries/${id}/school-fees`)
    .set(as('admin'))
    .send({ term: 'Term 1', year: 2026, amount: 1000 })
    .expect(201);
  return child;
}

const ask = (headers: Headers, beneficiaryId: string, extra: Record<string, unknown> = {}) =>
  api()
    .post('/api/data-requests')
    .set(headers)
    .send({ type: 'export', beneficiaryId, ...extra });
/** Staff give a reason for every export. */
const WHY = { reason: 'The guardian asked at the office' };

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for the export to be built; `headers` signs each read afresh (a signed context lasts 30 s). */
async function built(headers: () => Headers, id: string) {
  const request = await until(
    'the export',
    async () => {
      const [row] = await h.sql<{ state: string; last_error: string | null }>(
        `SELECT state, last_error FROM data_requests WHERE id = $1`,
        [id],
      );
      return row;
    },
    (r) => r.state === 'done' || r.state === 'failed',
  );
  expect(request).toEqual({ state: 'done', last_error: null });
  return (await api().get(`/api/data-requests/${id}`).set(headers()).expect(200)).body;
}

const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(Buffer.from(files[name]).toString('utf8'));
const body = async (headers: Headers, path: string) => (await api().get(path).set(headers).expect(200)).body;
const bytes = async (headers: Headers, path: string) =>
  (await binary(api().get(path).set(headers)).expect(200)).body as Buffer;

describe('asking for an export', () => {
  it('is for the superadmin and the beneficiary user of that child; others are refused', async () => {
    const child = await newChild('Asha Njeri');
    const other = await newChild('Other Child');
    for (const role of ['admin', 'viewer'] as const) await ask(as(role), child.id, WHY).expect(403);
    expect((await ask(asBeneficiary(other.id), child.id).expect(404)).body.message).toBe('Beneficiary not found');
    expect((await ask(as('superadmin'), 'KCF-999999', WHY).expect(404)).body.message).toBe('Beneficiary not found');
    // The erasure stays the superadmin's.
    await api()
      .post('/api/data-requests')
      .set(asBeneficiary(child.id))
      .send({ type: 'erasure', beneficiaryId: child.id, confirm: child.id, reason: 'x' })
      .expect(403);
    // The guardian's list holds only its own requests about its own child (none yet); another child's: 404.
    expect((await api().get('/api/data-requests').set(asBeneficiary(child.id)).expect(200)).body).toEqual([]);
    await api().get('/api/data-requests').query({ beneficiaryId: other.id }).set(asBeneficiary(child.id)).expect(404);
    expect(await h.sql(`SELECT id FROM data_requests WHERE type = 'erasure'`)).toEqual([]);
  });

  it('answers the open export again rather than a second one, per user', async () => {
    const child = await newChild('Imani Chebet');
    const first = await ask(as('superadmin'), child.id, { reason: 'The guardian asked' }).expect(202);
    const again = await ask(as('superadmin'), child.id, WHY).expect(202);
    const guardian = await ask(asBeneficiary(child.id), child.id).expect(202);
    if (again.body.state !== 'done') expect(again.body.id).toBe(first.body.id);
    expect(guardian.body.id).not.toBe(first.body.id);
    await built(() => as('superadmin'), first.body.id);
    await built(() => asBeneficiary(child.id), guardian.body.id);
  });
});

describe('an export of a child with everything', () => {
  let child: { id: string; birthCertificateUrl: string };
  let requestId: string;
  let files: Record<string, Uint8Array>;
  let ownAuditBefore: unknown[];

  beforeAll(async () => {
    child = await fullChild('Baraka Wanjala');
    ownAuditBefore = (await body(asSystem(), `/internal/audit?beneficiaryId=${child.id}&limit=1000`)).items;
    const asked = await ask(as('superadmin'), child.id, { reason: 'The guardian asked for a copy' }).expect(202);
    requestId = asked.body.id;
    const done = await built(() => as('superadmin'), requestId);
    expect(done).toMatchObject({
      id: requestId,
      type: 'export',
      state: 'done',
      domains: { beneficiaries: 'done', finance: 'done', identity: 'done' },
      reason: 'The guardian asked for a copy',
      download: {
        url: `/api/data-requests/${requestId}/download`,
        expiresAt: new Date(h.clock.now().getTime() + 24 * 3600_000).toISOString(),
      },
    });
    expect(done.progress.done).toBe(done.progress.total);
    const zip = await binary(api().get(`/api/data-requests/${requestId}/download`).set(as('superadmin'))).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const zipName = `${child.id}-data-2026-03-02.zip`;
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="${zipName}"; filename*=UTF-8''${zipName}`);
    expect(zip.headers['cache-control']).toBe('private, no-store');
    expect(zip.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(zip.headers['x-content-type-options']).toBe('nosniff');
    files = unzipSync(new Uint8Array(zip.body as Buffer));
    expect(done.progress.total).toBe(Object.keys(files).length);
  });

  it('holds the child as the API answers it, with its records, documents, consents and their history', async () => {
    const id = child.id;
    const sa = as('superadmin');
    expect(json(files, 'child.json')).toEqual({
      beneficiary: await body(sa, `/api/beneficiaries/${id}`),
      householdMembers: await body(sa, `/api/beneficiaries/${id}/household-members`),
      schoolPerformance: await body(sa, `/api/beneficiaries/${id}/school-performance`),
      schoolFees: await body(sa, `/api/beneficiaries/${id}/school-fees`),
      specialNeeds: await body(sa, `/api/beneficiaries/${id}/special-needs`),
      documents: await body(sa, `/api/beneficiaries/${id}/documents`),
      consents: await body(sa, `/api/beneficiaries/${id}/consents`),
      consentHistory: await body(sa, `/api/beneficiaries/${id}/consents/history`),
    });
    expect(json(files, 'child.json').specialNeeds).toHaveLength(1);
    expect(json(files, 'child.json').consentHistory).toHaveLength(3);
  });

  it("holds its gifts, its expenses (from finance) and every domain's audit entries about it, newest first", async () => {
    expect(json(files, 'gifts.json')).toEqual(
      await body(as('superadmin'), `/api/gifts?beneficiaryId=${child.id}&limit=100`),
    );
    expect(json(files, 'gifts.json')).toHaveLength(2);
    expect(json(files, 'expenses.json')).toEqual([
      { ...EXPENSE, beneficiaryId: child.id },
      { ...RECEIPTED, beneficiaryId: child.id },
    ]);
    expect(finance.calls).toContain(`GET /internal/beneficiaries/${child.id}/expenses`);
    const audit = json(files, 'audit.json') as { domain: string; at: string }[];
    expect(audit.filter((e) => e.domain === 'beneficiaries')).toEqual(ownAuditBefore);
    // At the same instant, the audit log's order of domains (finance, then identity).
    expect(audit.filter((e) => e.domain !== 'beneficiaries')).toEqual([
      entryOf('finance', child.id, 7, '2026-01-15T08:00:00.000Z'),
      entryOf('identity', child.id, 7, '2026-01-15T08:00:00.000Z'),
    ]);
    expect(audit.map((e) => e.at)).toEqual(
      audit
        .map((e) => e.at)
        .sort()
        .reverse(),
    );
  });

  it('holds every stored file of the child, byte for byte as the downloads serve them, and a README', async () => {
    const sa = as('superadmin');
    const names = Object.keys(files).sort();
    const documents = (await body(sa, `/api/beneficiaries/${child.id}/documents`)) as {
      fileName: string;
      uploadedAt: string;
      originalName: string;
    }[];
    const gifts = (await body(sa, `/api/gifts?beneficiaryId=${child.id}`)) as {
      id: string;
      dateGiven: string;
      photoUrl: string;
    }[];
    const expected: Record<string, Buffer> = {
      'files/photo.png': await bytes(sa, `/api/beneficiaries/${child.id}/photo`),
      'files/birth-certificate.pdf': await bytes(sa, child.birthCertificateUrl),
    };
    // Named by the day each came and its original name, in the list's order; a second `report.pdf` is `report (2).pdf`.
    const taken = new Set<string>();
    for (const d of documents) {
      const [base, ext] = [
        d.originalName.slice(0, d.originalName.lastIndexOf('.')),
        d.originalName.slice(d.originalName.lastIndexOf('.')),
      ];
      let name = `files/documents/${d.uploadedAt.slice(0, 10)} ${d.originalName}`;
      for (let n = 2; taken.has(name); n += 1)
        name = `files/documents/${d.uploadedAt.slice(0, 10)} ${base} (${n})${ext}`;
      taken.add(name);
      expected[name] = await bytes(sa, `/uploads/${d.fileName}`);
    }
    expect(taken.has('files/documents/2026-03-02 report (2).pdf')).toBe(true);
    for (const g of gifts) expected[`files/gifts/${g.dateGiven} ${g.id}.png`] = await bytes(sa, g.photoUrl);
    // Each receipt of the child's expenses, from svc-finance, named by the expense's date and the receipt's name.
    expected[`files/receipts/${RECEIPTED.date} ${RECEIPT.name}`] = RECEIPT.bytes;
    expect(finance.calls).toContain(`GET /internal/beneficiaries/${child.id}/receipts/${RECEIPTED.id}`);
    expect(names).toEqual(
      ['README.txt', 'audit.json', 'child.json', 'expenses.json', 'gifts.json', ...Object.keys(expected)].sort(),
    );
    for (const [name, content] of Object.entries(expected))
      expect({ name, same: Buffer.from(files[name]).equals(content) }).toEqual({ name, same: true });
    expect(Buffer.from(files['README.txt']).toString('utf8')).toContain('audit.json');
    expect(Buffer.from(files['README.txt']).toString('utf8')).toMatch(
      /receipts\/: the receipts of the foundation's spending on the child/,
    );
  });

  it('records each download as an export of the child, and the request without the child', async () => {
    const entries = (await body(asSystem(), `/internal/audit?entityType=data-request&limit=100`)).items as {
      action: string;
      entity: { id: string };
      beneficiaryId: string | null;
      actor: { id: string };
    }[];
    const mine = entries.filter((e) => e.entity.id === requestId);
    expect(mine.filter((e) => e.action === 'export')).toEqual([
      expect.objectContaining({
        beneficiaryId: child.id,
        actor: expect.objectContaining({ id: USERS.superadmin.userId }),
      }),
    ]);
    const create = mine.find((e) => e.action === 'create')!;
    expect(create.beneficiaryId).toBeNull();
    expect(JSON.stringify(create)).not.toContain(child.id);
    expect(mine.some((e) => e.action === 'update')).toBe(true);
  });

  it('is downloaded only by the user who asked: anyone else gets 404, the guardian cannot even read it', async () => {
    await api().get(`/api/data-requests/${requestId}/download`).set(asBeneficiary(child.id)).expect(404);
    await api().get(`/api/data-requests/${requestId}`).set(asBeneficiary(child.id)).expect(404);
    for (const role of ['admin', 'viewer'] as const)
      await api().get(`/api/data-requests/${requestId}/download`).set(as(role)).expect(403);
    await api().get(`/api/data-requests/not-an-id/download`).set(as('superadmin')).expect(404);
  });
});

describe("the guardian's own export", () => {
  it('is asked for, followed and downloaded by the beneficiary user; the superadmin sees it but cannot download it', async () => {
    const child = await fullChild('Neema Atieno');
    const guardian = asBeneficiary(child.id);
    const asked = await ask(guardian, child.id).expect(202);
    const done = await built(() => asBeneficiary(child.id), asked.body.id);
    expect(done).toMatchObject({
      state: 'done',
      reason: '',
      download: { url: `/api/data-requests/${asked.body.id}/download` },
    });
    const zip = await binary(api().get(done.download.url).set(guardian)).expect(200);
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    expect(json(files, 'child.json').beneficiary).toEqual(await body(guardian, `/api/beneficiaries/${child.id}`));
    expect(
      Buffer.from(files['files/photo.png']).equals(await bytes(guardian, `/api/beneficiaries/${child.id}/photo`)),
    ).toBe(true);
    const seen = (await api().get(`/api/data-requests/${asked.body.id}`).set(as('superadmin')).expect(200)).body;
    expect(seen).toMatchObject({ state: 'done', download: null });
    await api().get(`/api/data-requests/${asked.body.id}/download`).set(as('superadmin')).expect(404);
  });

  it("shows staff in its audit entries by their role only, with no client address or user agent; the superadmin's shows them whole", async () => {
    const child = await fullChild('Wanjiru Akinyi');
    const audited = async (headers: () => Headers) => {
      const asked = await ask(headers(), child.id, WHY).expect(202);
      const done = await built(headers, asked.body.id);
      const zip = await binary(api().get(done.download.url).set(headers())).expect(200);
      return json(unzipSync(new Uint8Array(zip.body as Buffer)), 'audit.json') as {
        domain: string;
        actor: Record<string, unknown>;
        clientIp: string | null;
        userAgent: string | null;
      }[];
    };
    // The guardian's own reads are in the trail too: its own entries may name it.
    await api().get(`/api/beneficiaries/${child.id}`).set(asBeneficiary(child.id)).expect(200);

    const staffSeen = await audited(() => as('superadmin'));
    expect(staffSeen.filter((e) => e.domain === 'beneficiaries').length).toBeGreaterThan(10);
    expect(staffSeen).toContainEqual(
      expect.objectContaining({
        actor: { id: USERS.admin.userId, username: USERS.admin.username, name: USERS.admin.name, role: 'admin' },
        clientIp: expect.any(String),
      }),
    );

    const guardianSeen = await audited(() => asBeneficiary(child.id));
    const staff = guardianSeen.filter((e) => e.actor.role !== 'beneficiary');
    expect(staff.length).toBeGreaterThan(10);
    for (const entry of staff)
      expect(entry.actor).toEqual({
        id: null,
        username: null,
        name: null,
        role: expect.stringMatching(/^(admin|superadmin|viewer|system)$/),
      });
    expect(guardianSeen.filter((e) => e.actor.role === 'beneficiary')).toContainEqual(
      expect.objectContaining({
        actor: expect.objectContaining({ id: '6a1c2f0e-0000-4000-8000-0000000000b1', role: 'beneficiary' }),
      }),
    );
    expect(
      guardianSeen.map((e) => [e.clientIp, e.userAgent]).filter(([ip, agent]) => ip !== null || agent !== null),
    ).toEqual([]);
    // No staff username anywhere (a consent's `recordedBy` keeps the name the guardian's own consent records show).
    expect(JSON.stringify(guardianSeen)).not.toContain(USERS.admin.username);
    expect(JSON.stringify(staffSeen)).toContain(USERS.admin.username);
  });

  it('holds the photos and medical documents still kept after those consents were withdrawn, and its README says so', async () => {
    const child = await fullChild('Shiru Wairimu');
    const withdraw = {
      state: 'withdrawn',
      givenBy: 'Mary Wanjala',
      relationship: 'Mother',
      method: 'verbal',
      witness: 'Peter Otieno',
      date: '2026-02-20',
    };
    for (const purpose of ['photos_internal', 'medical'])
      await api()
        .put(`/api/beneficiaries/${child.id}/consents/${purpose}`)
        .set(asBeneficiary(child.id))
        .send(withdraw)
        .expect(200);
    await api().get(`/api/beneficiaries/${child.id}/photo`).set(asBeneficiary(child.id)).expect(404);
    const asked = await ask(asBeneficiary(child.id), child.id).expect(202);
    const done = await built(() => asBeneficiary(child.id), asked.body.id);
    const files = unzipSync(
      new Uint8Array(
        (await binary(api().get(done.download.url).set(asBeneficiary(child.id))).expect(200)).body as Buffer,
      ),
    );
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['files/photo.png', 'files/documents/2026-03-02 clinic.pdf']),
    );
    expect(json(files, 'child.json').specialNeeds).toHaveLength(1);
    expect(Buffer.from(files['README.txt']).toString('utf8')).toMatch(/photos and medical documents[\s\S]*withdrawn/);
  });
});

describe('an asker who may no longer see the child', () => {
  const GUARDIAN = '6a1c2f0e-0000-4000-8000-0000000000b1';

  it("cannot download or follow the export any more once linked to another child (404, as for another child's record)", async () => {
    const first = await fullChild('Amani Odhiambo');
    const second = await newChild('Baraka Odhiambo');
    const asked = await ask(asBeneficiary(first.id), first.id).expect(202);
    const done = await built(() => asBeneficiary(first.id), asked.body.id);
    await api().get(done.download.url).set(asBeneficiary(first.id)).expect(200);

    // The superadmin links the guardian's account to the other child: the session now vouches for that one.
    const relinked = asBeneficiary(second.id);
    expect((await api().get(done.download.url).set(relinked).expect(404)).body.message).toBe('Data request not found');
    await api().get(`/api/data-requests/${asked.body.id}`).set(relinked).expect(404);
    // An account linked to no child at all sees none of it either.
    await api().get(done.download.url).set(asBeneficiary(null)).expect(404);
    // Each refusal leaves no export entry.
    const exports = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_entries WHERE action = 'export' AND entity_id = $1 AND actor_id = $2`,
      [asked.body.id, GUARDIAN],
    );
    expect(exports).toEqual([{ n: 1 }]);
    // Linked back, it may again.
    await api().get(done.download.url).set(asBeneficiary(first.id)).expect(200);
  });

  it("is still the superadmin's own: the superadmin sees every child", async () => {
    const child = await newChild('Kioko Mutua');
    const asked = await ask(as('superadmin'), child.id, WHY).expect(202);
    const done = await built(() => as('superadmin'), asked.body.id);
    await api().get(done.download.url).set(as('superadmin')).expect(200);
  });
});

describe('after 24 hours', () => {
  it('answers 410, shows no link, and the job deletes the ZIP; the request still names the child', async () => {
    const child = await newChild('Zuri Wambui');
    const asked = await ask(as('superadmin'), child.id, WHY).expect(202);
    await built(() => as('superadmin'), asked.body.id);
    const [row] = await h.sql<{ export_key: string }>(`SELECT export_key FROM data_requests WHERE id = $1`, [
      asked.body.id,
    ]);
    expect(await h.objects()).toContain(row.export_key);
    await api().get(`/api/data-requests/${asked.body.id}/download`).set(as('superadmin')).expect(200);
    h.clock.advance(24 * 3600_000);
    const gone = await api().get(`/api/data-requests/${asked.body.id}/download`).set(as('superadmin')).expect(410);
    expect(gone.body.message).toBe('This download has expired; ask for a new export');
    expect(
      (await api().get(`/api/data-requests/${asked.body.id}`).set(as('superadmin')).expect(200)).body.download,
    ).toBeNull();
    await until(
      'the expired ZIP',
      () => h.objects(),
      (keys) => !keys.includes(row.export_key),
    );
    // The request keeps naming its child (what was handed to whom), without the ZIP.
    await until(
      'the request',
      () => h.sql(`SELECT export_key, beneficiary_id FROM data_requests WHERE id = $1`, [asked.body.id]),
      (rows) => rows[0]?.export_key === null,
    );
    expect(await h.sql(`SELECT beneficiary_id FROM data_requests WHERE id = $1`, [asked.body.id])).toEqual([
      { beneficiary_id: child.id },
    ]);
    expect(
      (await api().get(`/api/data-requests/${asked.body.id}`).set(as('superadmin')).expect(200)).body,
    ).toMatchObject({
      beneficiary: { id: child.id, fullName: 'Zuri Wambui' },
      download: null,
      downloads: { count: 1, lastAt: expect.any(String) },
    });
    await api().get(`/api/data-requests/${asked.body.id}/download`).set(as('superadmin')).expect(410);
    // A new export can be asked for.
    const next = await ask(as('superadmin'), child.id, WHY).expect(202);
    expect(next.body.id).not.toBe(asked.body.id);
    await built(() => as('superadmin'), next.body.id);
  });
});

describe('a child erased', () => {
  it('takes its export ZIPs with it', async () => {
    const child = await newChild('Pendo Achieng');
    const asked = await ask(as('superadmin'), child.id, WHY).expect(202);
    await built(() => as('superadmin'), asked.body.id);
    const [row] = await h.sql<{ export_key: string }>(`SELECT export_key FROM data_requests WHERE id = $1`, [
      asked.body.id,
    ]);
    await api()
      .post('/api/data-requests')
      .set(as('superadmin'))
      .send({ type: 'erasure', beneficiaryId: child.id, confirm: child.id, reason: 'Left' })
      .expect(202);
    await until(
      'the ZIP',
      () => h.objects(),
      (keys) => !keys.includes(row.export_key),
    );
    expect(await h.sql(`SELECT beneficiary_id, export_key FROM data_requests WHERE id = $1`, [asked.body.id])).toEqual([
      { beneficiary_id: null, export_key: null },
    ]);
    // The requests about it say so, without its id or name.
    const listed = (await api().get('/api/data-requests').set(as('superadmin')).expect(200)).body as {
      id: string;
      type: string;
      beneficiary: unknown;
    }[];
    expect(listed.find((r) => r.id === asked.body.id)?.beneficiary).toEqual({ id: 'erased', fullName: 'erased' });
    expect(JSON.stringify(listed)).not.toContain(child.id);
    expect(JSON.stringify(listed)).not.toContain('Pendo Achieng');
  });
});

describe('what was handed to whom', () => {
  it('names the child again in the exports that forgot it before exports kept their child (restored at start)', async () => {
    const child = await newChild('Forgotten Child');
    const asked = await ask(as('superadmin'), child.id, WHY).expect(202);
    await built(() => as('superadmin'), asked.body.id);
    // As a request whose ZIP expired before exports kept naming their child: only the digest of the child's id is left.
    await h.sql(`UPDATE data_requests SET beneficiary_id = NULL, export_key = NULL, names = NULL WHERE id = $1`, [
      asked.body.id,
    ]);
    expect(
      (await api().get(`/api/data-requests/${asked.body.id}`).set(as('superadmin')).expect(200)).body.beneficiary,
    ).toEqual({ id: 'erased', fullName: 'erased' });
    await h.service.app.get(ForgottenExportChildren).onApplicationBootstrap();
    expect(
      (await api().get(`/api/data-requests/${asked.body.id}`).set(as('superadmin')).expect(200)).body.beneficiary,
    ).toEqual({ id: child.id, fullName: 'Forgotten Child' });
  });

  it("refuses a staff export without a reason (400 naming the field); the guardian's own account may give none", async () => {
    const child = await newChild('Reason Child');
    for (const extra of [{}, { reason: '   ' }, { reason: null }]) {
      const refused = await ask(as('superadmin'), child.id, extra).expect(400);
      expect(refused.body).toMatchObject({
        message: 'Reason is required',
        errors: [{ path: 'reason', message: 'Reason is required' }],
      });
    }
    expect(await h.sql(`SELECT id FROM data_requests WHERE beneficiary_id = $1`, [child.id])).toEqual([]);
    await ask(asBeneficiary(child.id), child.id).expect(202);
  });

  it('lists each request with its child, who asked and as what, why, and when its ZIP was downloaded', async () => {
    const child = await newChild('Listed Child');
    const other = await newChild('Other Listed');
    const staff = await ask(as('superadmin'), child.id, { reason: 'The guardian asked at the office' }).expect(202);
    const guardian = await ask(asBeneficiary(child.id), child.id).expect(202);
    const elsewhere = await ask(as('superadmin'), other.id, WHY).expect(202);
    const done = await built(() => as('superadmin'), staff.body.id);
    expect(done.downloads).toEqual({ count: 0, lastAt: null });
    await binary(api().get(done.download.url).set(as('superadmin'))).expect(200);
    h.clock.advance(60_000);
    const second = h.clock.now().toISOString();
    await binary(api().get(done.download.url).set(as('superadmin'))).expect(200);
    await built(() => asBeneficiary(child.id), guardian.body.id);
    await built(() => as('superadmin'), elsewhere.body.id);

    const all = (await api().get('/api/data-requests').set(as('superadmin')).expect(200)).body as { id: string }[];
    const byId = (id: string) => all.find((r) => r.id === id);
    expect(byId(staff.body.id)).toMatchObject({
      type: 'export',
      beneficiary: { id: child.id, fullName: 'Listed Child' },
      requestedBy: { id: USERS.superadmin.userId, name: USERS.superadmin.name, role: 'superadmin' },
      reason: 'The guardian asked at the office',
      downloads: { count: 2, lastAt: second },
      download: { url: `/api/data-requests/${staff.body.id}/download` },
    });
    // The guardian's own export: named, its role said, no reason, never downloaded, its link only for the guardian.
    expect(byId(guardian.body.id)).toMatchObject({
      beneficiary: { id: child.id, fullName: 'Listed Child' },
      requestedBy: { id: '6a1c2f0e-0000-4000-8000-0000000000b1', role: 'beneficiary' },
      reason: '',
      downloads: { count: 0, lastAt: null },
      download: null,
    });

    // One child's requests, and of one type.
    const ofChild = (
      await api()
        .get('/api/data-requests')
        .query({ beneficiaryId: child.id, type: 'export' })
        .set(as('superadmin'))
        .expect(200)
    ).body as { id: string }[];
    expect(ofChild.map((r) => r.id).sort()).toEqual([staff.body.id, guardian.body.id].sort());
    expect(
      (
        await api()
          .get('/api/data-requests')
          .query({ beneficiaryId: child.id, type: 'erasure' })
          .set(as('superadmin'))
          .expect(200)
      ).body,
    ).toEqual([]);
    await api().get('/api/data-requests').query({ beneficiaryId: 'nobody' }).set(as('superadmin')).expect(400);
    // The guardian finds its own export of its child (and no one else's), with its link.
    const own = (
      await api().get('/api/data-requests').query({ beneficiaryId: child.id }).set(asBeneficiary(child.id)).expect(200)
    ).body as { id: string; download: unknown }[];
    expect(own).toEqual([
      expect.objectContaining({
        id: guardian.body.id,
        download: { url: `/api/data-requests/${guardian.body.id}/download`, expiresAt: expect.any(String) },
      }),
    ]);
  });
});

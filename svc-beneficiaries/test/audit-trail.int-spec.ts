import { createHash } from 'node:crypto';
import { auditEntriesAfter, auditHead, listRoutes, type RouteInfo } from '@kcf/server-kit';
import request from 'supertest';
import { jpeg, pdf, png } from './fixtures';
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
 * The audit trail of svc-beneficiaries, route by route: every route the service registered has an
 * expectation here (or is exempt, with the reason). Each expectation performs its request as a signed staff
 * user and reads the rows the request added to `audit_entries`: exactly one, with the right actor, action,
 * entity, child and values.
 */

let h: Harness;
let routes: RouteInfo[];
beforeAll(async () => {
  h = await startBeneficiaries();
  routes = listRoutes(h.service.app);
});
afterAll(async () => {
  await h?.stop();
});

type Staff = 'admin' | 'superadmin';
type Change = { field: string; from: unknown; to: unknown };
type Api = Record<string, unknown> & { id: string };

interface Entry {
  actor: { id: string | null; username: string | null; name: string | null; role: string | null };
  action: string;
  entityType: string;
  entityId: string | null;
  beneficiaryId: string | null;
  changes: Change[];
  details: Record<string, unknown> | null;
}

const lastSeq = () => auditHead(h.sql);

/** The entries after `seq` (only those about child `about`, when given), as these tests compare them. */
async function entriesAfter(seq: string, about?: string): Promise<Entry[]> {
  const entries = await auditEntriesAfter(h.sql, 'beneficiaries', seq);
  return entries
    .filter((e) => about === undefined || e.beneficiaryId === about)
    .map((e) => ({
      actor: e.actor,
      action: e.action,
      entityType: e.entity.type,
      entityId: e.entity.id,
      beneficiaryId: e.beneficiaryId,
      changes: e.changes,
      details: e.details,
    }));
}

const api = () => request(h.url);

/** Sends one request and answers it with every audit entry it added. */
async function sent(send: () => request.Test, status: number): Promise<{ res: request.Response; entries: Entry[] }> {
  const mark = await lastSeq();
  const res = await send();
  expect({ status: res.status, body: res.status === status ? undefined : res.body }).toEqual({
    status,
    body: undefined,
  });
  return { res, entries: await entriesAfter(mark) };
}

/** Sends one request as `role` and answers it with the one audit entry it must have added. */
async function audited(
  role: Staff,
  send: (api: ReturnType<typeof request>) => request.Test,
  status: number,
): Promise<{ res: request.Response; entry: Entry }> {
  const { res, entries } = await sent(() => send(api()).set(as(role)), status);
  expect(entries).toHaveLength(1);
  return { res, entry: entries[0] };
}

function actorOf(role: Staff): Entry['actor'] {
  const user = USERS[role];
  return { id: user.userId, username: user.username, name: user.name, role: user.role };
}

/** The one entry a request of `role` must have left, whole. */
function expectEntry(entry: Entry, expected: Omit<Entry, 'actor'> & { role: Staff }): void {
  const { role, ...rest } = expected;
  expect(entry).toEqual({ actor: actorOf(role), ...rest });
}

/**
 * Waits until svc-beneficiaries has done its part of erasure `requestId` (its "done" entry, by the system, is
 * written), so that no entry of that background work lands in a later case's window.
 */
async function erasureSettled(requestId: string, since: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const entries = await entriesAfter(since);
    if (
      entries.some(
        (e) =>
          e.entityType === 'data-request' &&
          e.entityId === requestId &&
          e.changes.some((c) => c.field === 'beneficiaries' && c.to === 'done'),
      )
    )
      return;
    if (Date.now() > deadline)
      throw new Error(`the erasure ${requestId} did not finish its beneficiaries part within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const TIMESTAMPS = ['createdAt', 'updatedAt'];

/** A create's changes: every field the answer has a value in, from nothing (timestamps are never recorded). */
function createdValues(answer: Record<string, unknown>, omit: string[] = []): Change[] {
  return Object.entries(answer)
    .filter(([field, value]) => value !== null && !TIMESTAMPS.includes(field) && !omit.includes(field))
    .map(([field, to]) => ({ field, from: null, to }));
}

/** A delete's changes: every field the record had a value in, to nothing. */
function deletedValues(record: Record<string, unknown>, omit: string[] = []): Change[] {
  return Object.entries(record)
    .filter(([field, value]) => value !== null && !TIMESTAMPS.includes(field) && !omit.includes(field))
    .map(([field, from]) => ({ field, from, to: null }));
}

/** What the trail records of an uploaded file. */
function facts(bytes: Buffer, name: string, type: string) {
  return { name, type, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

// ---- records the cases start from (their own entries come before the request and are not counted) ----

async function newChild(fields: Record<string, string> = {}, certificate?: Buffer): Promise<Api> {
  const req = api().post('/api/beneficiaries').set(as('admin'));
  for (const [key, value] of Object.entries(childForm(fields))) req.field(key, value);
  if (certificate) req.attach('birthCertificate', certificate, 'bc.pdf');
  return (await req.expect(201)).body;
}

async function childWithPhoto(): Promise<Api> {
  const child = await newChild();
  await grantPhotoConsent(h.url, child.id);
  return (
    await api()
      .post(`/api/beneficiaries/${child.id}/photo`)
      .set(as('admin'))
      .attach('photo', png(), 'p.png')
      .expect(200)
  ).body;
}

async function newDocument(childId: string): Promise<Api> {
  return (
    await api()
      .post(`/api/beneficiaries/${childId}/documents`)
      .set(as('admin'))
      .field('documentType', 'medical')
      .attach('document', pdf(), 'report.pdf')
      .expect(201)
  ).body;
}

const GIFT = {
  giftType: 'special',
  amount: '100',
  description: 'Books',
  contents: 'Two books',
  dateGiven: '2025-06-01',
};

async function newGift(childId: string): Promise<Api> {
  return (
    await api()
      .post('/api/gifts')
      .set(as('admin'))
      .send({ ...GIFT, beneficiaryId: childId })
      .expect(201)
  ).body;
}

const NEED = { category: 'food', description: 'Lunch', status: 'active', dateIdentified: '2025-01-01' };

async function newNeed(childId: string): Promise<Api> {
  return (await api().post(`/api/beneficiaries/${childId}/special-needs`).set(as('admin')).send(NEED).expect(201)).body;
}

/** The records of a child without files: their path, a body, one changed field, and what the trail calls them. */
const RECORD_KINDS = [
  {
    kind: 'household-members',
    entityType: 'household-member',
    body: { name: 'Grace Wanjala', relationship: 'Mother', age: 38 },
    change: { field: 'relationship', to: 'Aunt' },
  },
  {
    kind: 'school-performance',
    entityType: 'school-performance',
    body: { subject: 'Mathematics', term: 'Term 1', grade: 'B+' },
    change: { field: 'grade', to: 'A' },
  },
  {
    kind: 'school-fees',
    entityType: 'school-fee',
    body: { term: 'Term 1', year: 2026, amount: '4500' },
    change: { field: 'amount', to: '5200.50' },
  },
] as const;

async function newRecord(kind: (typeof RECORD_KINDS)[number], childId: string): Promise<Api> {
  return (await api().post(`/api/beneficiaries/${childId}/${kind.kind}`).set(as('admin')).send(kind.body).expect(201))
    .body;
}

// ---- the table ----

type Case = { check: () => Promise<void> } | { exempt: string };

const recordCases: Record<string, Case> = {};
for (const kind of RECORD_KINDS) {
  const base = `/api/beneficiaries/:id/${kind.kind}`;
  recordCases[`POST ${base}`] = {
    async check() {
      const child = await newChild();
      const { res, entry } = await audited(
        'admin',
        (a) => a.post(`/api/beneficiaries/${child.id}/${kind.kind}`).send(kind.body),
        201,
      );
      expectEntry(entry, {
        role: 'admin',
        action: 'create',
        entityType: kind.entityType,
        entityId: res.body.id,
        beneficiaryId: child.id,
        changes: createdValues(res.body),
        details: null,
      });
    },
  };
  recordCases[`PUT ${base}/:recordId`] = {
    async check() {
      const child = await newChild();
      const record = await newRecord(kind, child.id);
      const body = { ...kind.body, [kind.change.field]: kind.change.to };
      const { entry } = await audited(
        'admin',
        (a) => a.put(`/api/beneficiaries/${child.id}/${kind.kind}/${record.id}`).send(body),
        200,
      );
      expectEntry(entry, {
        role: 'admin',
        action: 'update',
        entityType: kind.entityType,
        entityId: record.id,
        beneficiaryId: child.id,
        changes: [{ field: kind.change.field, from: record[kind.change.field], to: kind.change.to }],
        details: null,
      });
    },
  };
  recordCases[`DELETE ${base}/:recordId`] = {
    async check() {
      const child = await newChild();
      const record = await newRecord(kind, child.id);
      const { entry } = await audited(
        'superadmin',
        (a) => a.delete(`/api/beneficiaries/${child.id}/${kind.kind}/${record.id}`),
        200,
      );
      expectEntry(entry, {
        role: 'superadmin',
        action: 'delete',
        entityType: kind.entityType,
        entityId: record.id,
        beneficiaryId: child.id,
        changes: deletedValues(record),
        details: null,
      });
    },
  };
  recordCases[`GET ${base}`] = {
    async check() {
      const child = await newChild();
      await newRecord(kind, child.id);
      await newRecord(kind, child.id);
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}/${kind.kind}`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: kind.entityType,
        entityId: null,
        beneficiaryId: child.id,
        changes: [],
        details: { rows: 2 },
      });
    },
  };
}

const INTERNAL_CALL = "a call between the product's services, not a user's change or view of a child";

const AUDIT: Record<string, Case> = {
  // ---- children ----
  'POST /api/beneficiaries': {
    async check() {
      const plain = await audited(
        'admin',
        (a) => a.post('/api/beneficiaries').send(childForm({ fullName: 'Audit Created' })),
        201,
      );
      expectEntry(plain.entry, {
        role: 'admin',
        action: 'create',
        entityType: 'beneficiary',
        entityId: plain.res.body.id,
        beneficiaryId: plain.res.body.id,
        changes: createdValues(plain.res.body),
        details: null,
      });
      expect(plain.entry.changes).toContainEqual({ field: 'fullName', from: null, to: 'Audit Created' });

      const certificate = pdf(900);
      const withFile = await audited(
        'admin',
        (a) => {
          const req = a.post('/api/beneficiaries');
          for (const [key, value] of Object.entries(childForm())) req.field(key, value);
          return req.attach('birthCertificate', certificate, 'bc.pdf');
        },
        201,
      );
      expectEntry(withFile.entry, {
        role: 'admin',
        action: 'create',
        entityType: 'beneficiary',
        entityId: withFile.res.body.id,
        beneficiaryId: withFile.res.body.id,
        changes: createdValues(withFile.res.body),
        details: { birthCertificate: facts(certificate, 'bc.pdf', 'application/pdf') },
      });
      expect(withFile.entry.changes).toContainEqual({
        field: 'birthCertificateUrl',
        from: null,
        to: withFile.res.body.birthCertificateUrl,
      });
    },
  },
  'PUT /api/beneficiaries/:id': {
    async check() {
      const child = await newChild({}, pdf());
      const edited = await audited(
        'admin',
        (a) => a.put(`/api/beneficiaries/${child.id}`).send(childForm({ guardianPhone: '0722345678' })),
        200,
      );
      expectEntry(edited.entry, {
        role: 'admin',
        action: 'update',
        entityType: 'beneficiary',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [{ field: 'guardianPhone', from: '+254712345678', to: '+254722345678' }],
        details: null,
      });

      const certificate = pdf(1200);
      const replaced = await audited(
        'superadmin',
        (a) => {
          const req = a.put(`/api/beneficiaries/${child.id}`);
          for (const [key, value] of Object.entries(childForm({ guardianPhone: '0722345678' }))) req.field(key, value);
          return req.attach('birthCertificate', certificate, 'new-bc.pdf');
        },
        200,
      );
      expectEntry(replaced.entry, {
        role: 'superadmin',
        action: 'update',
        entityType: 'beneficiary',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [
          { field: 'birthCertificateUrl', from: child.birthCertificateUrl, to: replaced.res.body.birthCertificateUrl },
        ],
        details: { birthCertificate: facts(certificate, 'new-bc.pdf', 'application/pdf') },
      });
    },
  },
  'DELETE /api/beneficiaries/:id': {
    async check() {
      const child = await newChild({ fullName: 'Audit Deleted' });
      const { entry } = await audited('superadmin', (a) => a.delete(`/api/beneficiaries/${child.id}`), 200);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'delete',
        entityType: 'beneficiary',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: deletedValues(child),
        details: null,
      });
      expect(entry.changes).toContainEqual({ field: 'fullName', from: 'Audit Deleted', to: null });
    },
  },
  'POST /api/beneficiaries/import': {
    async check() {
      const { res, entry } = await audited(
        'admin',
        (a) =>
          a
            .post('/api/beneficiaries/import')
            .send({ beneficiaries: [{ ...childForm({ fullName: 'Audit Imported' }), isActive: true }] }),
        201,
      );
      const [id] = res.body.ids as string[];
      const child = (await api().get(`/api/beneficiaries/${id}`).set(as('viewer')).expect(200)).body;
      expectEntry(entry, {
        role: 'admin',
        action: 'create',
        entityType: 'beneficiary',
        entityId: id,
        beneficiaryId: id,
        changes: createdValues(child),
        details: null,
      });
    },
  },
  'GET /api/beneficiaries/:id': {
    async check() {
      const child = await newChild();
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'beneficiary',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [],
        details: null,
      });
    },
  },
  'GET /api/beneficiaries': {
    async check() {
      await newChild({ county: 'busia', fullName: 'Busia One' });
      await newChild({ county: 'busia', fullName: 'Busia Two' });
      const { res, entry } = await audited(
        'admin',
        (a) => a.get('/api/beneficiaries?county=busia&limit=1&sort=fullName'),
        200,
      );
      expect(res.body).toHaveLength(1);
      expect(res.headers['x-total-count']).toBe('2');
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'beneficiary-list',
        entityId: null,
        beneficiaryId: null,
        changes: [],
        details: {
          filters: expect.objectContaining({ county: 'busia', limit: 1, offset: 0, sort: 'fullName' }),
          rows: 1,
        },
      });
      expect(Object.keys(entry.details!.filters as object)).not.toContain('search');
    },
  },
  'GET /api/beneficiaries/export.csv': {
    async check() {
      await newChild({ fullName: 'Zawadi Exported' });
      await newChild({ fullName: 'Zawadi Exported' });
      const { res, entry } = await audited(
        'superadmin',
        (a) => a.get('/api/beneficiaries/export.csv?search=zawadi%20exported'),
        200,
      );
      expect(res.text.trim().split('\n')).toHaveLength(3);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'export',
        entityType: 'beneficiary-export',
        entityId: null,
        beneficiaryId: null,
        changes: [],
        details: { filters: expect.objectContaining({ search: 'zawadi exported' }), rows: 2 },
      });
      expect(Object.keys(entry.details!.filters as object)).not.toContain('limit');
      expect(Object.keys(entry.details!.filters as object)).not.toContain('offset');
    },
  },

  // ---- photo ----
  'POST /api/beneficiaries/:id/photo': {
    async check() {
      const child = await newChild();
      await grantPhotoConsent(h.url, child.id);
      const first = png();
      const added = await audited(
        'admin',
        (a) => a.post(`/api/beneficiaries/${child.id}/photo`).attach('photo', first, 'face.png'),
        200,
      );
      expectEntry(added.entry, {
        role: 'admin',
        action: 'create',
        entityType: 'photo',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [
          { field: 'photoUrl', from: null, to: `/api/beneficiaries/${child.id}/photo` },
          { field: 'photoContentType', from: null, to: 'image/png' },
          { field: 'photoThumbnailUrl', from: null, to: `/api/beneficiaries/${child.id}/photo/thumbnail` },
        ],
        details: facts(first, 'face.png', 'image/png'),
      });
      const second = jpeg(3000);
      const replaced = await audited(
        'admin',
        (a) => a.post(`/api/beneficiaries/${child.id}/photo`).attach('photo', second, 'new-face.jpg'),
        200,
      );
      expectEntry(replaced.entry, {
        role: 'admin',
        action: 'update',
        entityType: 'photo',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [{ field: 'photoContentType', from: 'image/png', to: 'image/jpeg' }],
        details: facts(second, 'new-face.jpg', 'image/jpeg'),
      });
    },
  },
  'DELETE /api/beneficiaries/:id/photo': {
    async check() {
      const child = await childWithPhoto();
      const { entry } = await audited('superadmin', (a) => a.delete(`/api/beneficiaries/${child.id}/photo`), 200);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'delete',
        entityType: 'photo',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [
          { field: 'photoUrl', from: `/api/beneficiaries/${child.id}/photo`, to: null },
          { field: 'photoContentType', from: 'image/png', to: null },
          { field: 'photoThumbnailUrl', from: `/api/beneficiaries/${child.id}/photo/thumbnail`, to: null },
        ],
        details: null,
      });
    },
  },
  'GET /api/beneficiaries/:id/photo': {
    async check() {
      const child = await childWithPhoto();
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}/photo`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'photo',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [],
        details: { fileName: expect.stringMatching(/\.png$/), type: 'image/png' },
      });
    },
  },
  'GET /api/beneficiaries/:id/photo/thumbnail': {
    async check() {
      const child = await childWithPhoto();
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}/photo/thumbnail`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'photo',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [],
        details: { fileName: expect.stringMatching(/\.jpg$/), type: 'image/jpeg', size: 'thumbnail' },
      });
    },
  },

  // ---- birth certificate ----
  // ---- consents ----
  'PUT /api/beneficiaries/:id/consents/:purpose': {
    async check() {
      const child = await newChild();
      const grant = {
        state: 'granted',
        givenBy: 'Mary Wanjala',
        relationship: 'Mother',
        method: 'signed_form',
        date: '2026-02-01',
        expiresOn: '2027-02-01',
      };
      const granted = await audited(
        'admin',
        (a) => a.put(`/api/beneficiaries/${child.id}/consents/photos_donor`).send(grant),
        200,
      );
      expectEntry(granted.entry, {
        role: 'admin',
        action: 'create',
        entityType: 'consent',
        entityId: `${child.id}:photos_donor`,
        beneficiaryId: child.id,
        changes: createdValues(granted.res.body),
        details: null,
      });
      expect(granted.entry.changes).toContainEqual({ field: 'state', from: null, to: 'granted' });

      const withdraw = {
        state: 'withdrawn',
        givenBy: 'Mary Wanjala',
        relationship: 'Mother',
        method: 'verbal',
        witness: 'Peter Otieno',
        date: '2026-02-20',
      };
      const withdrawn = await audited(
        'superadmin',
        (a) => a.put(`/api/beneficiaries/${child.id}/consents/photos_donor`).send(withdraw),
        200,
      );
      expectEntry(withdrawn.entry, {
        role: 'superadmin',
        action: 'update',
        entityType: 'consent',
        entityId: `${child.id}:photos_donor`,
        beneficiaryId: child.id,
        changes: [
          { field: 'state', from: 'granted', to: 'withdrawn' },
          { field: 'method', from: 'signed_form', to: 'verbal' },
          { field: 'witness', from: null, to: 'Peter Otieno' },
          { field: 'date', from: '2026-02-01', to: '2026-02-20' },
          { field: 'expiresOn', from: '2027-02-01', to: null },
          { field: 'recordedBy', from: USERS.admin.name, to: USERS.superadmin.name },
        ],
        details: null,
      });
    },
  },
  'GET /api/beneficiaries/:id/consents': {
    async check() {
      const child = await newChild();
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}/consents`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'consent',
        entityId: null,
        beneficiaryId: child.id,
        changes: [],
        details: { rows: 4 },
      });
    },
  },
  'GET /api/beneficiaries/:id/consents/history': {
    async check() {
      const child = await newChild();
      await api()
        .put(`/api/beneficiaries/${child.id}/consents/medical`)
        .set(as('admin'))
        .send({
          state: 'granted',
          givenBy: 'Mary Wanjala',
          relationship: 'Mother',
          method: 'signed_form',
          date: '2026-02-01',
        })
        .expect(200);
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}/consents/history`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'consent',
        entityId: null,
        beneficiaryId: child.id,
        changes: [],
        details: { rows: 1, history: true },
      });
    },
  },
  // ---- data requests ----
  'POST /api/data-requests': {
    async check() {
      const child = await newChild();
      const mark = await lastSeq();
      const { res, entries } = await sent(
        () =>
          api()
            .post('/api/data-requests')
            .set(as('superadmin'))
            .send({ type: 'erasure', beneficiaryId: child.id, confirm: child.id, reason: 'Left the programme' }),
        202,
      );
      // The erasure's own work (by the system) may already have added entries: the request's is the superadmin's.
      const mine = entries.filter((e) => e.actor.id === USERS.superadmin.userId);
      expect(mine).toHaveLength(1);
      expectEntry(mine[0], {
        role: 'superadmin',
        action: 'create',
        entityType: 'data-request',
        entityId: res.body.id,
        beneficiaryId: null,
        changes: [],
        details: { type: 'erasure', dueOn: '2026-03-16' },
      });
      expect(JSON.stringify(mine[0])).not.toContain(child.id);
      await erasureSettled(res.body.id, mark);
    },
  },
  'GET /api/data-requests': {
    async check() {
      const { res, entry } = await audited('superadmin', (a) => a.get('/api/data-requests'), 200);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'view',
        entityType: 'data-request',
        entityId: null,
        beneficiaryId: null,
        changes: [],
        details: { rows: res.body.length },
      });
    },
  },
  'GET /api/data-requests/:id': {
    async check() {
      const child = await newChild();
      const mark = await lastSeq();
      const made = await api()
        .post('/api/data-requests')
        .set(as('superadmin'))
        .send({ type: 'erasure', beneficiaryId: child.id, confirm: child.id, reason: 'Left the programme' })
        .expect(202);
      const { res, entries } = await sent(
        () => api().get(`/api/data-requests/${made.body.id}`).set(as('superadmin')),
        200,
      );
      const mine = entries.filter((e) => e.actor.id === USERS.superadmin.userId);
      expect(mine).toHaveLength(1);
      expectEntry(mine[0], {
        role: 'superadmin',
        action: 'view',
        entityType: 'data-request',
        entityId: res.body.id,
        beneficiaryId: null,
        changes: [],
        details: null,
      });
      await erasureSettled(made.body.id, mark);
    },
  },
  'GET /api/data-requests/:id/download': {
    async check() {
      const child = await newChild({}, pdf());
      const made = await api()
        .post('/api/data-requests')
        .set(as('superadmin'))
        .send({ type: 'export', beneficiaryId: child.id, reason: 'The guardian asked' })
        .expect(202);
      // The ZIP's making is data-export.int-spec's (it needs finance and identity); here a stored file stands for it.
      const key = `beneficiaries/birth-certificates/${String(child.birthCertificateUrl).split('/').pop()}`;
      await h.sql(
        `UPDATE data_requests SET state = 'done', done_at = $2, export_key = $3, expires_at = $2::timestamptz + interval '1 day', claimed_until = NULL WHERE id = $1`,
        [made.body.id, h.clock.now(), key],
      );
      const { res, entries } = await sent(
        () => api().get(`/api/data-requests/${made.body.id}/download`).set(as('superadmin')),
        200,
      );
      const mine = entries.filter((e) => e.actor.id === USERS.superadmin.userId);
      expect(mine).toHaveLength(1);
      expectEntry(mine[0], {
        role: 'superadmin',
        action: 'export',
        entityType: 'data-request',
        entityId: made.body.id,
        beneficiaryId: child.id,
        changes: [],
        details: { fileName: `${child.id}-data-2026-03-02.zip`, size: Number(res.headers['content-length']) },
      });
    },
  },
  'GET /api/data-requests/retention-review': {
    async check() {
      const { res, entry } = await audited('superadmin', (a) => a.get('/api/data-requests/retention-review'), 200);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'view',
        entityType: 'retention-review',
        entityId: null,
        beneficiaryId: null,
        changes: [],
        details: { rows: res.body.length },
      });
    },
  },
  'POST /api/data-requests/retention-review/:beneficiaryId/keep': {
    async check() {
      const child = await newChild({ isActive: 'false' });
      const keep = (reason: string) => (a: ReturnType<typeof request>) =>
        a.post(`/api/data-requests/retention-review/${child.id}/keep`).send({ reason });
      const first = await audited('superadmin', keep('Sibling still supported'), 200);
      const subject = { entityType: 'retention-keep', entityId: child.id, beneficiaryId: child.id, details: null };
      expectEntry(first.entry, {
        role: 'superadmin',
        action: 'create',
        ...subject,
        changes: [
          { field: 'reason', from: null, to: 'Sibling still supported' },
          { field: 'keptUntil', from: null, to: '2027-03-02' },
        ],
      });
      const again = await audited('superadmin', keep('Guardian asked'), 200);
      expectEntry(again.entry, {
        role: 'superadmin',
        action: 'update',
        ...subject,
        changes: [{ field: 'reason', from: 'Sibling still supported', to: 'Guardian asked' }],
      });
    },
  },
  'GET /download/:filename': {
    async check() {
      const child = await newChild({}, pdf());
      const fileName = String(child.birthCertificateUrl).split('/').pop()!;
      const { entry } = await audited('admin', (a) => a.get(`/download/${fileName}`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'birth-certificate',
        entityId: child.id,
        beneficiaryId: child.id,
        changes: [],
        details: { fileName },
      });
    },
  },

  // ---- household, performance, fees ----
  ...recordCases,

  // ---- special needs ----
  'POST /api/beneficiaries/:id/special-needs': {
    async check() {
      const child = await newChild();
      const { res, entry } = await audited(
        'admin',
        (a) => a.post(`/api/beneficiaries/${child.id}/special-needs`).send(NEED),
        201,
      );
      expectEntry(entry, {
        role: 'admin',
        action: 'create',
        entityType: 'special-need',
        entityId: res.body.id,
        beneficiaryId: child.id,
        changes: createdValues(res.body),
        details: null,
      });
    },
  },
  'PUT /api/special-needs/:needId': {
    async check() {
      const child = await newChild();
      const need = await newNeed(child.id);
      const { entry } = await audited(
        'admin',
        (a) => a.put(`/api/special-needs/${need.id}`).send({ ...NEED, status: 'resolved', dateResolved: '2025-03-01' }),
        200,
      );
      expectEntry(entry, {
        role: 'admin',
        action: 'update',
        entityType: 'special-need',
        entityId: need.id,
        beneficiaryId: child.id,
        changes: [
          { field: 'status', from: 'active', to: 'resolved' },
          { field: 'dateResolved', from: null, to: '2025-03-01' },
        ],
        details: null,
      });
    },
  },
  'DELETE /api/special-needs/:needId': {
    async check() {
      const child = await newChild();
      const need = await newNeed(child.id);
      const { entry } = await audited('superadmin', (a) => a.delete(`/api/special-needs/${need.id}`), 200);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'delete',
        entityType: 'special-need',
        entityId: need.id,
        beneficiaryId: child.id,
        changes: deletedValues(need),
        details: null,
      });
    },
  },
  'GET /api/beneficiaries/:id/special-needs': {
    async check() {
      const child = await newChild();
      await newNeed(child.id);
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}/special-needs`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'special-need',
        entityId: null,
        beneficiaryId: child.id,
        changes: [],
        details: { rows: 1 },
      });
    },
  },

  // ---- documents ----
  'POST /api/beneficiaries/:id/documents': {
    async check() {
      const child = await newChild();
      const file = pdf(700);
      const { res, entry } = await audited(
        'admin',
        (a) =>
          a
            .post(`/api/beneficiaries/${child.id}/documents`)
            .field('documentType', 'academic')
            .field('description', 'Report form')
            .attach('document', file, 'report.pdf'),
        201,
      );
      expectEntry(entry, {
        role: 'admin',
        action: 'create',
        entityType: 'document',
        entityId: res.body.id,
        beneficiaryId: child.id,
        changes: createdValues(res.body),
        details: facts(file, 'report.pdf', 'application/pdf'),
      });
      expect(entry.changes).toContainEqual({ field: 'originalName', from: null, to: 'report.pdf' });
    },
  },
  'DELETE /api/documents/:documentId': {
    async check() {
      const child = await newChild();
      const document = await newDocument(child.id);
      const { entry } = await audited('superadmin', (a) => a.delete(`/api/documents/${document.id}`), 200);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'delete',
        entityType: 'document',
        entityId: document.id,
        beneficiaryId: child.id,
        changes: deletedValues(document),
        details: null,
      });
    },
  },
  'GET /api/beneficiaries/:id/documents': {
    async check() {
      const child = await newChild();
      await newDocument(child.id);
      const { entry } = await audited('admin', (a) => a.get(`/api/beneficiaries/${child.id}/documents`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'document',
        entityId: null,
        beneficiaryId: child.id,
        changes: [],
        details: { rows: 1 },
      });
    },
  },
  'GET /uploads/:fileName': {
    async check() {
      const child = await newChild();
      const document = await newDocument(child.id);
      const { entry } = await audited('admin', (a) => a.get(`/uploads/${document.fileName}`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'document',
        entityId: document.id,
        beneficiaryId: child.id,
        changes: [],
        details: { name: 'report.pdf', type: 'application/pdf', size: pdf().length },
      });
    },
  },

  // ---- gifts ----
  'POST /api/gifts': {
    async check() {
      const child = await newChild();
      const photo = png();
      const { res, entry } = await audited(
        'admin',
        (a) => {
          const req = a.post('/api/gifts');
          for (const [key, value] of Object.entries({ ...GIFT, beneficiaryId: child.id })) req.field(key, value);
          return req.attach('giftPhoto', photo, 'gift.png');
        },
        201,
      );
      expectEntry(entry, {
        role: 'admin',
        action: 'create',
        entityType: 'gift',
        entityId: res.body.id,
        beneficiaryId: child.id,
        changes: createdValues(res.body, ['beneficiary']),
        details: { photo: facts(photo, 'gift.png', 'image/png') },
      });
      expect(entry.changes).toContainEqual({ field: 'amount', from: null, to: '100.00' });
    },
  },
  'PUT /api/gifts/:id': {
    async check() {
      const child = await newChild();
      const gift = await newGift(child.id);
      const { entry } = await audited(
        'admin',
        (a) => a.put(`/api/gifts/${gift.id}`).send({ ...GIFT, beneficiaryId: child.id, amount: '150' }),
        200,
      );
      expectEntry(entry, {
        role: 'admin',
        action: 'update',
        entityType: 'gift',
        entityId: gift.id,
        beneficiaryId: child.id,
        changes: [{ field: 'amount', from: '100.00', to: '150.00' }],
        details: null,
      });
    },
  },
  'DELETE /api/gifts/:id': {
    async check() {
      const child = await newChild();
      const gift = await newGift(child.id);
      const { entry } = await audited('superadmin', (a) => a.delete(`/api/gifts/${gift.id}`), 200);
      expectEntry(entry, {
        role: 'superadmin',
        action: 'delete',
        entityType: 'gift',
        entityId: gift.id,
        beneficiaryId: child.id,
        changes: deletedValues(gift, ['beneficiary']),
        details: null,
      });
    },
  },
  'GET /api/gifts': { exempt: 'gift reads are not among the views the issue records' },
  'GET /api/gifts/:id': {
    async check() {
      const child = await newChild();
      const gift = await newGift(child.id);
      const { entry } = await audited('admin', (a) => a.get(`/api/gifts/${gift.id}`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'gift',
        entityId: gift.id,
        beneficiaryId: child.id,
        changes: [],
        details: null,
      });
    },
  },
  'GET /api/gifts/totals': { exempt: 'gift reads are not among the views the issue records (a count and a sum)' },
  'GET /api/gifts/:id/photo': {
    async check() {
      const child = await newChild();
      const photo = png();
      const req = api().post('/api/gifts').set(as('admin'));
      for (const [key, value] of Object.entries({ ...GIFT, beneficiaryId: child.id })) req.field(key, value);
      const gift: Api = (await req.attach('giftPhoto', photo, 'gift.png').expect(201)).body;
      const { entry } = await audited('admin', (a) => a.get(`/api/gifts/${gift.id}/photo`), 200);
      expectEntry(entry, {
        role: 'admin',
        action: 'view',
        entityType: 'gift-photo',
        entityId: gift.id,
        beneficiaryId: child.id,
        changes: [],
        details: { fileName: expect.stringMatching(/\.png$/), type: 'image/png' },
      });
    },
  },
  'GET /api/gifts/:id/photo/card': {
    async check() {
      const child = await newChild();
      const req = api().post('/api/gifts').set(as('admin'));
      for (const [key, value] of Object.entries({ ...GIFT, beneficiaryId: child.id })) req.field(key, value);
      const gift: Api = (await req.attach('giftPhoto', png(), 'gift.png').expect(201)).body;
      await grantPhotoConsent(h.url, child.id);
      // Without photos_donor consent the card shows the child's initials: a view of the card all the same.
      const placeholder = await audited('admin', (a) => a.get(`/api/gifts/${gift.id}/photo/card`), 200);
      expectEntry(placeholder.entry, {
        role: 'admin',
        action: 'view',
        entityType: 'gift-photo',
        entityId: gift.id,
        beneficiaryId: child.id,
        changes: [],
        details: { size: 'card', placeholder: true },
      });
      const grant = {
        state: 'granted',
        givenBy: 'Mary Wanjala',
        relationship: 'Mother',
        method: 'signed_form',
        date: '2026-02-01',
      };
      await api().put(`/api/beneficiaries/${child.id}/consents/photos_donor`).set(as('admin')).send(grant).expect(200);
      const card = await audited('admin', (a) => a.get(`/api/gifts/${gift.id}/photo/card`), 200);
      expectEntry(card.entry, {
        role: 'admin',
        action: 'view',
        entityType: 'gift-photo',
        entityId: gift.id,
        beneficiaryId: child.id,
        changes: [],
        details: { fileName: expect.stringMatching(/\.jpg$/), type: 'image/jpeg', size: 'card' },
      });
    },
  },

  // ---- not a user's change or view ----
  'GET /internal/beneficiaries/:id/exists': { exempt: `${INTERNAL_CALL} (svc-finance checks an expense's child)` },
  'GET /internal/outbox': { exempt: `${INTERNAL_CALL} (operations read the outbox backlog; no child's data)` },
  'GET /internal/stats': { exempt: `${INTERNAL_CALL} (the dashboard's counts; no child's data)` },
  'GET /internal/consents/overview': {
    exempt: `${INTERNAL_CALL} (the dashboard's consent card: two counts and the names of the children whose consent expires soon; the filtered list it links to is recorded)`,
  },
  'GET /internal/audit': {
    exempt: `${INTERNAL_CALL} (the gateway reads the trail itself; it records the Audit log's use)`,
  },
  'GET /internal/audit/verify': { exempt: `${INTERNAL_CALL} (the gateway verifies the chain; nothing changes)` },
  'POST /internal/audit/entries': {
    exempt: `${INTERNAL_CALL} (the gateway records each read and export of the Audit log: the call writes exactly the entry it is given, not a change of a record)`,
  },
  'GET /health/live': { exempt: 'health check: no user, no data' },
  'GET /health/ready': { exempt: 'health check: no user, no data' },
};

const key = (route: RouteInfo) => `${route.method} ${route.path}`;

describe('every route of svc-beneficiaries has an audit expectation', () => {
  it('lists every registered route in the table (an expectation, or the reason it has none)', () => {
    const registered = routes.map(key);
    expect(registered.length).toBeGreaterThan(30);
    expect({ routesWithoutAnAuditExpectation: registered.filter((route) => !(route in AUDIT)) }).toEqual({
      routesWithoutAnAuditExpectation: [],
    });
    expect({
      expectationsOfRoutesThatDoNotExist: Object.keys(AUDIT).filter((route) => !registered.includes(route)),
    }).toEqual({ expectationsOfRoutesThatDoNotExist: [] });
  });

  it('has an expectation (not an exemption) for every write route under /api', () => {
    const writes = routes.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/')).map(key);
    expect(writes.filter((route) => !(route in AUDIT) || 'exempt' in AUDIT[route])).toEqual([]);
  });

  for (const [route, expectation] of Object.entries(AUDIT)) {
    if ('check' in expectation)
      it(`${route} records exactly one entry with its actor, entity, child and values`, expectation.check);
  }
});

describe('what is not recorded', () => {
  const none = async (send: () => request.Test, status: number) => {
    const { entries } = await sent(send, status);
    expect(entries).toEqual([]);
  };

  it('a write that is refused (400) or finds nothing (404) leaves no entry', async () => {
    const child = await newChild();
    const missing = '00000000-0000-4000-8000-000000000000';
    await none(
      () =>
        api()
          .put(`/api/beneficiaries/${child.id}`)
          .set(as('admin'))
          .send(childForm({ fullName: '' })),
      400,
    );
    await none(
      () =>
        api()
          .post('/api/beneficiaries')
          .set(as('admin'))
          .send(childForm({ dateOfBirth: 'not a date' })),
      400,
    );
    await none(() => api().post('/api/beneficiaries/import').set(as('admin')).send({ beneficiaries: [] }), 400);
    await none(() => api().put('/api/beneficiaries/KCF-999999').set(as('admin')).send(childForm()), 404);
    await none(() => api().delete('/api/beneficiaries/KCF-999999').set(as('superadmin')), 404);
    await none(
      () => api().post('/api/beneficiaries/KCF-999999/household-members').set(as('admin')).send(RECORD_KINDS[0].body),
      404,
    );
    await none(
      () =>
        api().put(`/api/beneficiaries/${child.id}/school-fees/${missing}`).set(as('admin')).send(RECORD_KINDS[2].body),
      404,
    );
    await none(
      () => api().delete(`/api/beneficiaries/${child.id}/school-performance/${missing}`).set(as('superadmin')),
      404,
    );
    await none(() => api().put(`/api/special-needs/${missing}`).set(as('admin')).send(NEED), 404);
    await none(
      () =>
        api()
          .post(`/api/beneficiaries/${child.id}/special-needs`)
          .set(as('admin'))
          .send({ ...NEED, description: '' }),
      400,
    );
    await none(
      () =>
        api()
          .post('/api/beneficiaries/KCF-999999/documents')
          .set(as('admin'))
          .field('documentType', 'medical')
          .attach('document', pdf(), 'd.pdf'),
      404,
    );
    await none(() => api().delete(`/api/documents/${missing}`).set(as('superadmin')), 404);
    await none(() => api().post(`/api/beneficiaries/${child.id}/photo`).set(as('admin')), 400);
    await none(() => api().delete(`/api/beneficiaries/${child.id}/photo`).set(as('superadmin')), 404);
    await none(
      () =>
        api()
          .post('/api/gifts')
          .set(as('admin'))
          .send({ ...GIFT, beneficiaryId: 'KCF-999999' }),
      400,
    );
    await none(
      () =>
        api()
          .put(`/api/gifts/${missing}`)
          .set(as('admin'))
          .send({ ...GIFT, beneficiaryId: child.id }),
      404,
    );
    await none(() => api().delete(`/api/gifts/${missing}`).set(as('superadmin')), 404);
  });

  it('a read that finds nothing, is refused, or sends nothing (304) leaves no entry', async () => {
    const child = await newChild({}, pdf());
    const other = await newChild();
    await none(() => api().get('/api/beneficiaries/KCF-999999').set(as('admin')), 404);
    await none(() => api().get('/api/beneficiaries/KCF-999999/documents').set(as('admin')), 404);
    await none(() => api().get(`/api/beneficiaries/${other.id}`).set(asBeneficiary(child.id)), 404);
    const fileName = String(child.birthCertificateUrl).split('/').pop()!;
    await none(() => api().get(`/download/${fileName}`).set(as('admin')).set('If-None-Match', `"${fileName}"`), 304);
    await none(() => api().get(`/api/beneficiaries/${child.id}/photo`).set(as('admin')), 404);
  });
});

describe('no change without its entry', () => {
  it('a change whose entry cannot be written is not stored: an error answer, no row, no outbox event', async () => {
    const child = await newChild();
    const marker = 'Entry Refused Marker';
    // Test-only: the database refuses any entry whose changes hold the marker (after the chain's trigger sealed it).
    await h.sql(`CREATE FUNCTION test_refuse_marked_entry() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN IF NEW.changes::text LIKE '%${marker}%' THEN RAISE EXCEPTION 'this audit entry cannot be written'; END IF; RETURN NEW; END $$`);
    await h.sql(
      'CREATE TRIGGER zz_test_refuse_marked_entry BEFORE INSERT ON audit_entries FOR EACH ROW EXECUTE FUNCTION test_refuse_marked_entry()',
    );
    try {
      const members = () =>
        h.sql<{ name: string }>('SELECT name FROM household_members WHERE beneficiary_id = $1 ORDER BY name', [
          child.id,
        ]);
      const outbox = async () => (await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))[0].n;
      const eventsBefore = await outbox();
      const mark = await lastSeq();
      const refused = await api()
        .post(`/api/beneficiaries/${child.id}/household-members`)
        .set(as('admin'))
        .send({ ...RECORD_KINDS[0].body, name: marker });
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await members()).toEqual([]);
      expect(await outbox()).toBe(eventsBefore);
      expect(await entriesAfter(mark)).toEqual([]);

      // The same change without the marker is stored, with its entry and its event.
      await api()
        .post(`/api/beneficiaries/${child.id}/household-members`)
        .set(as('admin'))
        .send(RECORD_KINDS[0].body)
        .expect(201);
      expect(await members()).toEqual([{ name: RECORD_KINDS[0].body.name }]);
      expect(await outbox()).toBe(eventsBefore + 1);
      expect((await entriesAfter(mark)).map((e) => [e.action, e.entityType])).toEqual([['create', 'household-member']]);
    } finally {
      await h.sql('DROP TRIGGER zz_test_refuse_marked_entry ON audit_entries');
      await h.sql('DROP FUNCTION test_refuse_marked_entry()');
    }
  });
});

describe('views by the beneficiary user of its own child', () => {
  it("are recorded like anyone else's, with the beneficiary role", async () => {
    const child = await newChild({}, pdf());
    const me = asBeneficiary(child.id);
    const fileName = String(child.birthCertificateUrl).split('/').pop()!;
    const reads: [string, string, string | null, Entry['details']][] = [
      [`/api/beneficiaries/${child.id}`, 'beneficiary', child.id, null],
      [`/api/beneficiaries/${child.id}/household-members`, 'household-member', null, { rows: 0 }],
      [`/download/${fileName}`, 'birth-certificate', child.id, { fileName }],
    ];
    for (const [path, entityType, entityId, details] of reads) {
      const { entries } = await sent(() => api().get(path).set(me), 200);
      expect(entries).toEqual([
        {
          actor: { id: '6a1c2f0e-0000-4000-8000-0000000000b1', username: null, name: null, role: 'beneficiary' },
          action: 'view',
          entityType,
          entityId,
          beneficiaryId: child.id,
          changes: [],
          details,
        },
      ]);
    }
    const list = await sent(() => api().get('/api/beneficiaries').set(me), 200);
    expect(list.entries).toMatchObject([
      {
        action: 'view',
        entityType: 'beneficiary-list',
        beneficiaryId: child.id,
        actor: { role: 'beneficiary' },
        details: { rows: 1 },
      },
    ]);
  });
});

describe('entries outlive their records', () => {
  it("keeps every entry about a deleted child, the delete with the child's last values", async () => {
    const mark = await lastSeq();
    const child = await newChild({ fullName: 'Kept In The Trail' });
    await api()
      .put(`/api/beneficiaries/${child.id}`)
      .set(as('admin'))
      .send(childForm({ fullName: 'Kept In The Trail', guardianName: 'Jane Wanjala' }))
      .expect(200);
    await api().get(`/api/beneficiaries/${child.id}`).set(as('admin')).expect(200);
    const member = await newRecord(RECORD_KINDS[0], child.id);
    await api().delete(`/api/beneficiaries/${child.id}`).set(as('superadmin')).expect(200);
    await api().get(`/api/beneficiaries/${child.id}`).set(as('admin')).expect(404);

    const kept = await entriesAfter(mark, child.id);
    expect(kept.map((e) => [e.action, e.entityType, e.entityId])).toEqual([
      ['create', 'beneficiary', child.id],
      ['update', 'beneficiary', child.id],
      ['view', 'beneficiary', child.id],
      ['create', 'household-member', member.id],
      ['delete', 'beneficiary', child.id],
    ]);
    expect(kept[1].changes).toEqual([{ field: 'guardianName', from: 'Mary Wanjala', to: 'Jane Wanjala' }]);
    expect(kept[4].changes).toContainEqual({ field: 'fullName', from: 'Kept In The Trail', to: null });
    expect(kept[4].changes).toContainEqual({ field: 'guardianName', from: 'Jane Wanjala', to: null });
  });
});

describe('an import', () => {
  it('records each child and each record it carries, with the values their own routes answer', async () => {
    const item = {
      ...childForm({ fullName: 'Imported With Records' }),
      isActive: true,
      householdMembers: [RECORD_KINDS[0].body],
      schoolPerformance: [RECORD_KINDS[1].body],
      schoolFees: [RECORD_KINDS[2].body],
      specialNeedRecords: [NEED],
      gifts: [GIFT],
    };
    const { res, entries } = await sent(
      () =>
        api()
          .post('/api/beneficiaries/import')
          .set(as('admin'))
          .send({ beneficiaries: [item] }),
      201,
    );
    const [id] = res.body.ids as string[];
    const read = async (path: string) => (await api().get(path).set(as('viewer')).expect(200)).body;
    const child = await read(`/api/beneficiaries/${id}`);
    const [member] = await read(`/api/beneficiaries/${id}/household-members`);
    const [performance] = await read(`/api/beneficiaries/${id}/school-performance`);
    const [fee] = await read(`/api/beneficiaries/${id}/school-fees`);
    const [need] = await read(`/api/beneficiaries/${id}/special-needs`);
    const [gift] = (await read(`/api/gifts?beneficiaryId=${id}`)) as Api[];
    const created = (entityType: string, record: Api, omit: string[] = []) => ({
      actor: actorOf('admin'),
      action: 'create',
      entityType,
      entityId: record.id,
      beneficiaryId: id,
      changes: createdValues(record, omit),
      details: null,
    });
    expect(entries).toEqual([
      created('beneficiary', child),
      created('household-member', member),
      created('school-performance', performance),
      created('school-fee', fee),
      created('special-need', need),
      created('gift', gift, ['beneficiary']),
    ]);
  });
});

describe('the chain', () => {
  it('holds after everything above', async () => {
    const verdict = (await api().get('/internal/audit/verify').set(asSystem()).expect(200)).body;
    expect(verdict).toMatchObject({ ok: true, firstBrokenId: null });
    expect(verdict.checked).toBeGreaterThan(50);
  });
});

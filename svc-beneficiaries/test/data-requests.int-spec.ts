import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { phoneFormsIn } from '@kcf/contracts';
import { signUserContext, verifyAuditChain } from '@kcf/server-kit';
import { rowsHolding as rowsOf, rowVersionsHolding, type TextSearch } from '@kcf/testing';
import request from 'supertest';
import { pdf, png } from './fixtures';
import { as, childForm, grantPhotoConsent, SECRET, startBeneficiaries, USERS, type Harness } from './harness';

/**
 * A child's erasure as svc-beneficiaries carries it out: the request's refusals and answers, the texts it looks
 * for (the child's name and the words of it no other child's name has, the guardian's name and phone numbers
 * unless another child has the same guardian), its own part (the child, every record and every stored object
 * gone, those texts replaced in other records, the audit values erased, the traces purged, the row versions
 * left behind vacuumed away), the other domains' reports (written here to the outbox as finance and identity
 * would send them; identity's names the guardian's accounts, whose requests then name them "erased"), a
 * request that forgets the child once done, and repeated deliveries that change nothing.
 */
jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);

async function newChild(fullName: string, fields: Record<string, string> = {}): Promise<{ id: string }> {
  const req = api().post('/api/beneficiaries').set(as('admin'));
  for (const [key, value] of Object.entries(childForm({ fullName, ...fields }))) req.field(key, value);
  return (await req.attach('birthCertificate', pdf(), 'bc.pdf').expect(201)).body;
}

/** A child with a photo, a document, a gift with its photo, a special need and a household member. */
async function fullChild(fullName: string, fields: Record<string, string> = {}): Promise<{ id: string }> {
  const child = await newChild(fullName, fields);
  await grantPhotoConsent(h.url, child.id);
  await api().post(`/api/beneficiaries/${child.id}/photo`).set(as('admin')).attach('photo', png(), 'p.png').expect(200);
  await api()
    .post(`/api/beneficiaries/${child.id}/documents`)
    .set(as('admin'))
    .field('documentType', 'academic')
    .field('description', `Report of ${fullName}`)
    .attach('document', pdf(), 'r.pdf')
    .expect(201);
  const gift = api().post('/api/gifts').set(as('admin'));
  for (const [key, value] of Object.entries({
    beneficiaryId: child.id,
    giftType: 'special',
    amount: '100',
    description: `Books for ${fullName}`,
    contents: 'Two books',
    dateGiven: '2025-06-01',
  }))
    gift.field(key, value);
  await gift.attach('giftPhoto', png(), 'g.png').expect(201);
  await api()
    .post(`/api/beneficiaries/${child.id}/special-needs`)
    .set(as('admin'))
    .send({ category: 'food', description: 'Lunch', status: 'active', dateIdentified: '2025-01-01' })
    .expect(201);
  await api()
    .post(`/api/beneficiaries/${child.id}/household-members`)
    .set(as('admin'))
    .send({ name: 'Brother', relationship: 'Brother', age: 3 })
    .expect(201);
  await api().get(`/api/beneficiaries/${child.id}`).set(as('admin')).expect(200);
  return child;
}

const erase = (id: string, extra: Record<string, unknown> = {}) =>
  api()
    .post('/api/data-requests')
    .set(as('superadmin'))
    .send({ type: 'erasure', beneficiaryId: id, confirm: id, reason: 'The guardian asked', ...extra });

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const requestOf = async (id: string) =>
  (await api().get(`/api/data-requests/${id}`).set(as('superadmin')).expect(200)).body;

/** An event as another service's relay would publish it (the bus here is the service's own). */
async function report(subject: string, payload: unknown, id = randomUUID()): Promise<void> {
  await h.sql(`INSERT INTO outbox (id, subject, payload, occurred_at) VALUES ($1, $2, $3::jsonb, now())`, [
    id,
    subject,
    JSON.stringify(payload),
  ]);
}

describe('asking for an erasure', () => {
  it('is for the superadmin only', async () => {
    const child = await newChild('Asha Njeri');
    for (const role of ['admin', 'viewer'] as const) {
      await api()
        .post('/api/data-requests')
        .set(as(role))
        .send({ type: 'erasure', beneficiaryId: child.id, confirm: child.id, reason: 'x' })
        .expect(403);
      await api().get('/api/data-requests').set(as(role)).expect(403);
    }
  });

  it('refuses a missing reason, a wrong confirmation and an unknown child, and stores nothing', async () => {
    const child = await newChild('Asha Njeri');
    const noReason = await erase(child.id, { reason: ' ' }).expect(400);
    expect(noReason.body.message).toBe('Reason is required');
    const wrong = await erase(child.id, { confirm: 'KCF-999999' }).expect(400);
    expect(wrong.body.message).toBe("Type the child's ID exactly to confirm the erasure");
    const missing = await erase(child.id, { confirm: undefined }).expect(400);
    expect(missing.body.message).toBe("Type the child's ID exactly to confirm the erasure");
    expect((await erase('KCF-999999').expect(404)).body.message).toBe('Beneficiary not found');
    await api()
      .post('/api/data-requests')
      .set(as('superadmin'))
      .send({ type: 'copy', beneficiaryId: child.id, confirm: child.id, reason: 'x' })
      .expect(400);
    expect(await h.sql('SELECT id FROM data_requests')).toEqual([]);
    await api().get(`/api/data-requests/${randomUUID()}`).set(as('superadmin')).expect(404);
    await api().get('/api/data-requests/not-an-id').set(as('superadmin')).expect(404);
  });
});

describe('an erasure', () => {
  const NAME = 'Zawadi Kerubo';
  const PHONE = '0711 222 444';
  /** The guardian's own account, which asked for the child's data. */
  const GUARDIAN_USER = {
    userId: '6a1c2f0e-0000-4000-8000-0000000000b7',
    username: 'gkerubo',
    name: 'Gracie Guardian',
  };
  let child: { id: string };
  let other: { id: string };
  let requestId: string;
  let exportId: string;
  let objectsBefore: string[];
  const search = (): TextSearch => ({
    texts: [child.id, NAME, 'Zawadi', GUARDIAN_USER.name, ...phoneFormsIn(PHONE)],
    digits: ['711222444'],
  });
  const rowsHolding = async (s: TextSearch) => (await rowsOf(h.db.url, s)).map((f) => `public.${f.table}: ${f.row}`);

  beforeAll(async () => {
    other = await newChild('Other Child');
    // Another child's records name the child and its guardian's phone.
    await api()
      .post(`/api/beneficiaries/${other.id}/household-members`)
      .set(as('admin'))
      .send({ name: 'Zawadi  kerubo', relationship: 'Cousin', age: 11 })
      .expect(201);
    const gift = api().post('/api/gifts').set(as('admin'));
    for (const [key, value] of Object.entries({
      beneficiaryId: other.id,
      giftType: 'special',
      amount: '50',
      description: `Shared with ${NAME} (0711-222-444)`,
      contents: 'A ball',
      dateGiven: '2025-06-01',
    }))
      gift.field(key, value);
    await gift.expect(201);
    // A sibling: same guardian (by name, written in another case and spacing), another phone; its name shares the surname.
    await newChild('Baraka Kerubo', { guardianName: 'grace  KERUBO', guardianPhone: '0799 000 111' });
    objectsBefore = await h.objects();
    child = await fullChild(NAME, { guardianName: 'Grace Kerubo', guardianPhone: PHONE });
    const guardian = signUserContext(
      { ...GUARDIAN_USER, role: 'beneficiary', beneficiaryId: child.id, sessionId: 's', mustChangePassword: false },
      SECRET,
    );
    exportId = (
      await api().post('/api/data-requests').set(guardian).send({ type: 'export', beneficiaryId: child.id }).expect(202)
    ).body.id;
  });

  it('is accepted (202), once per child, and due DATA_REQUEST_DUE_DAYS later', async () => {
    const first = await erase(child.id).expect(202);
    expect(first.body).toEqual({ id: expect.any(String), state: 'pending' });
    requestId = first.body.id;
    const again = await erase(child.id).expect(202);
    expect(again.body.id).toBe(requestId);
    expect(await h.sql(`SELECT type FROM data_requests ORDER BY type`)).toEqual([
      { type: 'erasure' },
      { type: 'export' },
    ]);
    // The texts the erasure looks for: the guardian's name is another child's guardian's too, and so is the surname.
    expect(await h.sql(`SELECT names, erasure_texts FROM data_requests WHERE id = $1`, [requestId])).toEqual([
      { names: [NAME], erasure_texts: { nameWords: ['Zawadi'], guardianNames: [], phones: phoneFormsIn(PHONE) } },
    ]);
    const shown = await requestOf(requestId);
    expect(shown).toMatchObject({
      id: requestId,
      type: 'erasure',
      requestedBy: { id: USERS.superadmin.userId, name: USERS.superadmin.name },
      requestedAt: '2026-03-02T08:00:00.000Z',
      dueOn: '2026-03-16',
      reason: 'The guardian asked',
      doneAt: null,
    });
    // It names its child while the child exists; the erasure may already have removed it.
    expect([
      { id: child.id, fullName: NAME },
      { id: 'erased', fullName: 'erased' },
    ]).toContainEqual(shown.beneficiary);
  });

  it('removes the child, its records and every stored object, then reports its part', async () => {
    const shown = await until(
      'beneficiaries part',
      () => requestOf(requestId),
      (r) => r.domains.beneficiaries === 'done',
    );
    expect(shown).toMatchObject({
      state: 'running',
      domains: { beneficiaries: 'done', finance: 'pending', identity: 'pending' },
    });
    await api().get(`/api/beneficiaries/${child.id}`).set(as('admin')).expect(404);
    expect(await h.objects()).toEqual(objectsBefore);
    expect(await h.sql('SELECT key FROM erasure_objects')).toEqual([]);
    // Other children's records no longer name the child or its guardian's phone; the sibling keeps its guardian.
    expect(await h.sql(`SELECT name FROM household_members WHERE beneficiary_id = $1`, [other.id])).toEqual([
      { name: 'erased' },
    ]);
    expect(await h.sql(`SELECT description FROM gifts WHERE beneficiary_id = $1`, [other.id])).toEqual([
      { description: 'Shared with erased (erased)' },
    ]);
    expect(
      await h.sql(
        `SELECT full_name, guardian_name, guardian_phone FROM beneficiaries WHERE full_name = 'Baraka Kerubo'`,
      ),
    ).toEqual([{ full_name: 'Baraka Kerubo', guardian_name: 'grace  KERUBO', guardian_phone: '+254799000111' }]);
    // While the request is open it alone (and the event it sent, until the bus has it) names the child (the
    // guardian's account is named until identity reports it erased).
    const holding = await rowsHolding({ ...search(), texts: search().texts.filter((t) => t !== GUARDIAN_USER.name) });
    expect(holding.every((row) => row.startsWith('public.data_requests:') || row.startsWith('public.outbox:'))).toBe(
      true,
    );
    // No ordinary deletion event (it carries the name).
    expect(await h.sql(`SELECT id FROM outbox WHERE subject = 'beneficiaries.beneficiary.deleted'`)).toEqual([]);
  });

  it('is done when finance and identity have reported, and then forgets the child', async () => {
    await report('finance.erasure.done', { requestId });
    await report('identity.erasure.done', { requestId, userIds: [GUARDIAN_USER.userId] });
    const done = await until(
      'the request',
      () => requestOf(requestId),
      (r) => r.state === 'done',
    );
    expect(done).toMatchObject({
      domains: { beneficiaries: 'done', finance: 'done', identity: 'done' },
      doneAt: expect.any(String),
      beneficiary: { id: 'erased', fullName: 'erased' },
    });
    // The guardian's request no longer names its account.
    expect(await requestOf(exportId)).toMatchObject({ requestedBy: { id: GUARDIAN_USER.userId, name: 'erased' } });
    expect(await rowsHolding(search())).toEqual([]);
    // The versions of the rows the erasure deleted or changed are vacuumed away once it is done.
    expect(await rowVersionsHolding(h.db.url, search(), { waitMs: 10_000 })).toEqual([]);
    const pg = new Client({ connectionString: h.db.url });
    await pg.connect();
    try {
      expect(await verifyAuditChain(pg)).toMatchObject({ ok: true });
    } finally {
      await pg.end();
    }
    const entries = await h.sql<{ action: string; changes: unknown; actor_role: string | null }>(
      `SELECT action, changes, actor_role FROM audit_entries WHERE entity_type = 'data-request' AND entity_id = $1 AND action <> 'view' ORDER BY seq`,
      [requestId],
    );
    // Created by the superadmin; each domain's part and the end by the system.
    expect(entries.map((e) => [e.action, e.actor_role])).toEqual([
      ['create', 'superadmin'],
      ['update', 'system'],
      ['update', 'system'],
      ['update', 'system'],
      ['update', 'system'],
    ]);
    expect(entries[1].changes).toEqual([{ field: 'beneficiaries', from: 'running', to: 'done' }]);
    expect(entries.slice(2, 4).map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        [{ field: 'finance', from: 'pending', to: 'done' }],
        [{ field: 'identity', from: 'pending', to: 'done' }],
      ]),
    );
    expect(entries[4].changes).toEqual([{ field: 'state', from: 'running', to: 'done' }]);
    expect(await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE beneficiary_id = 'erased'`)).not.toEqual([
      { n: 0 },
    ]);
  });

  it('answers a repeated request about the erased child with the request that erased it', async () => {
    const again = await erase(child.id).expect(202);
    expect(again.body).toEqual({ id: requestId, state: 'done' });
  });

  it('changes nothing when the events arrive again', async () => {
    const changes = () => h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_entries WHERE action <> 'view'`);
    const auditBefore = await changes();
    const before = await requestOf(requestId);
    await report('beneficiaries.erasure.requested', {
      requestId,
      beneficiaryId: child.id,
      names: [NAME],
      nameWords: ['Zawadi'],
      guardianNames: [],
      phones: phoneFormsIn(PHONE),
    });
    await report('finance.erasure.done', { requestId });
    await report('beneficiaries.erasure.done', { requestId });
    await until(
      'the repeats handled',
      () => h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL`),
      (rows) => rows[0].n === 0,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await requestOf(requestId)).toEqual(before);
    expect(await changes()).toEqual(auditBefore);
    expect(await h.objects()).toEqual(objectsBefore);
  });
});

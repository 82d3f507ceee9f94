import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { verifyAuditChain } from '@kcf/server-kit';
import request from 'supertest';
import { pdf, png } from './fixtures';
import { as, childForm, startBeneficiaries, USERS, type Harness } from './harness';

/**
 * A child's erasure as svc-beneficiaries carries it out: the request's refusals and answers, its own part (the
 * child, every record and every stored object gone, the audit values erased, the traces purged), the other
 * domains' reports (written here to the outbox as finance and identity would send them), a request that
 * forgets the child once done, and repeated deliveries that change nothing.
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

async function newChild(fullName: string): Promise<{ id: string }> {
  const req = api().post('/api/beneficiaries').set(as('admin'));
  for (const [key, value] of Object.entries(childForm({ fullName }))) req.field(key, value);
  return (await req.attach('birthCertificate', pdf(), 'bc.pdf').expect(201)).body;
}

/** A child with a photo, a document, a gift with its photo, a special need and a household member. */
async function fullChild(fullName: string): Promise<{ id: string }> {
  const child = await newChild(fullName);
  await api().post(`/api/beneficiaries/${child.id}/photo`).set(as('admin')).attach('photo', png(), 'p.png').expect(200);
  await api().post(`/api/beneficiaries/${child.id}/documents`).set(as('admin')).field('documentType', 'academic').field('description', `Report of ${fullName}`).attach('document', pdf(), 'r.pdf').expect(201);
  const gift = api().post('/api/gifts').set(as('admin'));
  for (const [key, value] of Object.entries({ beneficiaryId: child.id, giftType: 'special', amount: '100', description: `Books for ${fullName}`, contents: 'Two books', dateGiven: '2025-06-01' })) gift.field(key, value);
  await gift.attach('giftPhoto', png(), 'g.png').expect(201);
  await api().post(`/api/beneficiaries/${child.id}/special-needs`).set(as('admin')).send({ category: 'food', description: 'Lunch', status: 'active', dateIdentified: '2025-01-01' }).expect(201);
  await api().post(`/api/beneficiaries/${child.id}/household-members`).set(as('admin')).send({ name: 'Brother', relationship: 'Brother', age: 3 }).expect(201);
  await api().get(`/api/beneficiaries/${child.id}`).set(as('admin')).expect(200);
  return child;
}

const erase = (id: string, extra: Record<string, unknown> = {}) =>
  api().post('/api/data-requests').set(as('superadmin')).send({ type: 'erasure', beneficiaryId: id, confirm: id, reason: 'The guardian asked', ...extra });

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const requestOf = async (id: string) => (await api().get(`/api/data-requests/${id}`).set(as('superadmin')).expect(200)).body;

/** An event as another service's relay would publish it (the bus here is the service's own). */
async function report(subject: string, payload: unknown, id = randomUUID()): Promise<void> {
  await h.sql(`INSERT INTO outbox (id, subject, payload, occurred_at) VALUES ($1, $2, $3::jsonb, now())`, [id, subject, JSON.stringify(payload)]);
}

/** Every row of every table of the database whose JSON text holds one of `texts`, as `table: row`. */
async function rowsHolding(texts: string[]): Promise<string[]> {
  const tables = await h.sql<{ name: string }>(`SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await h.sql<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${name} t WHERE row_to_json(t)::text ILIKE ANY($1::text[])`, [texts.map((t) => `%${t}%`)]);
    found.push(...rows.map((r) => `${name}: ${r.row}`));
  }
  return found;
}

describe('asking for an erasure', () => {
  it('is for the superadmin only', async () => {
    const child = await newChild('Asha Njeri');
    for (const role of ['admin', 'viewer'] as const) {
      await api().post('/api/data-requests').set(as(role)).send({ type: 'erasure', beneficiaryId: child.id, confirm: child.id, reason: 'x' }).expect(403);
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
    await api().post('/api/data-requests').set(as('superadmin')).send({ type: 'copy', beneficiaryId: child.id, confirm: child.id, reason: 'x' }).expect(400);
    expect(await h.sql('SELECT id FROM data_requests')).toEqual([]);
    await api().get(`/api/data-requests/${randomUUID()}`).set(as('superadmin')).expect(404);
    await api().get('/api/data-requests/not-an-id').set(as('superadmin')).expect(404);
  });
});

describe('an erasure', () => {
  const NAME = 'Zawadi Kerubo';
  let child: { id: string };
  let requestId: string;
  let objectsBefore: string[];

  beforeAll(async () => {
    await newChild('Other Child');
    objectsBefore = await h.objects();
    child = await fullChild(NAME);
  });

  it('is accepted (202), once per child, and due DATA_REQUEST_DUE_DAYS later', async () => {
    const first = await erase(child.id).expect(202);
    expect(first.body).toEqual({ id: expect.any(String), state: 'pending' });
    requestId = first.body.id;
    const again = await erase(child.id).expect(202);
    expect(again.body.id).toBe(requestId);
    expect((await h.sql('SELECT id FROM data_requests')).length).toBe(1);
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
    expect(JSON.stringify(shown)).not.toContain(child.id);
  });

  it('removes the child, its records and every stored object, then reports its part', async () => {
    const shown = await until('beneficiaries part', () => requestOf(requestId), (r) => r.domains.beneficiaries === 'done');
    expect(shown).toMatchObject({ state: 'running', domains: { beneficiaries: 'done', finance: 'pending', identity: 'pending' } });
    await api().get(`/api/beneficiaries/${child.id}`).set(as('admin')).expect(404);
    expect(await h.objects()).toEqual(objectsBefore);
    expect(await h.sql('SELECT key FROM erasure_objects')).toEqual([]);
    // While the request is open it alone (and the event it sent, until the bus has it) names the child.
    const holding = await rowsHolding([child.id, NAME]);
    expect(holding.every((row) => row.startsWith('public.data_requests:') || row.startsWith('public.outbox:'))).toBe(true);
    // No ordinary deletion event (it carries the name).
    expect(await h.sql(`SELECT id FROM outbox WHERE subject = 'beneficiaries.beneficiary.deleted'`)).toEqual([]);
  });

  it('is done when finance and identity have reported, and then forgets the child', async () => {
    await report('finance.erasure.done', { requestId });
    await report('identity.erasure.done', { requestId });
    const done = await until('the request', () => requestOf(requestId), (r) => r.state === 'done');
    expect(done).toMatchObject({ domains: { beneficiaries: 'done', finance: 'done', identity: 'done' }, doneAt: expect.any(String) });
    expect(await rowsHolding([child.id, NAME])).toEqual([]);
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
    expect(entries.map((e) => [e.action, e.actor_role])).toEqual([['create', 'superadmin'], ['update', 'system'], ['update', 'system'], ['update', 'system'], ['update', 'system']]);
    expect(entries[1].changes).toEqual([{ field: 'beneficiaries', from: 'running', to: 'done' }]);
    expect(entries.slice(2, 4).map((e) => e.changes)).toEqual(
      expect.arrayContaining([[{ field: 'finance', from: 'pending', to: 'done' }], [{ field: 'identity', from: 'pending', to: 'done' }]]),
    );
    expect(entries[4].changes).toEqual([{ field: 'state', from: 'running', to: 'done' }]);
    expect(await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE beneficiary_id = 'erased'`)).not.toEqual([{ n: 0 }]);
  });

  it('answers a repeated request about the erased child with the request that erased it', async () => {
    const again = await erase(child.id).expect(202);
    expect(again.body).toEqual({ id: requestId, state: 'done' });
  });

  it('changes nothing when the events arrive again', async () => {
    const changes = () => h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_entries WHERE action <> 'view'`);
    const auditBefore = await changes();
    const before = await requestOf(requestId);
    await report('beneficiaries.erasure.requested', { requestId, beneficiaryId: child.id, names: [NAME] });
    await report('finance.erasure.done', { requestId });
    await report('beneficiaries.erasure.done', { requestId });
    await until('the repeats handled', () => h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL`), (rows) => rows[0].n === 0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await requestOf(requestId)).toEqual(before);
    expect(await changes()).toEqual(auditBefore);
    expect(await h.objects()).toEqual(objectsBefore);
  });
});

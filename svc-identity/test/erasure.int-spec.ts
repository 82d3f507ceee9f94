import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createEvent, ErasureRequested, phoneFormsIn, RecordCreatedBy } from '@kcf/contracts';
import { verifyAuditChain } from '@kcf/server-kit';
import { rowVersionsHolding } from '@kcf/testing';
import {
  asRoot,
  createActiveUser,
  createUser,
  eventually,
  isAlive,
  login,
  startIdentity,
  type IdentityHarness,
} from './identity-harness';

/**
 * Identity's part of a child's erasure (`beneficiaries.erasure.requested`): the child's beneficiary users lose
 * their sessions and are deleted, or deactivated and unlinked when they created records that still exist; the
 * facts about the child's record, the idempotency records and the audit values naming the child go; the rows
 * the erasure deleted or changed leave no version behind (vacuumed); the part is reported with
 * `identity.erasure.done`, naming those users. A repeated delivery changes nothing more.
 */
jest.setTimeout(60_000);

const NAME = 'Neema Wairimu';

let h: IdentityHarness;
let pg: Client;
/** The erased child and another one, both held by the real svc-beneficiaries the users are linked through. */
let CHILD: string;
let OTHER_CHILD: string;
const sql = async <T>(text: string, params: unknown[] = []) => (await pg.query(text, params)).rows as T[];

beforeAll(async () => {
  h = await startIdentity({}, { children: 2 });
  [CHILD, OTHER_CHILD] = h.children;
  pg = new Client({ connectionString: h.db.url });
  await pg.connect();
});
afterAll(async () => {
  await pg?.end();
  await h?.stop();
});

const deliver = (id = randomUUID(), requestId = REQUEST) =>
  h.bus.publish(
    createEvent(
      ErasureRequested,
      {
        requestId,
        beneficiaryId: CHILD,
        names: [NAME],
        nameWords: ['Neema', 'Wairimu'],
        guardianNames: ['Jane Wairimu'],
        phones: phoneFormsIn('0733 999 888'),
      },
      { id, occurredAt: new Date() },
    ),
  );
const REQUEST = randomUUID();
const doneEvents = () =>
  sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE subject = 'identity.erasure.done' AND payload->>'requestId' = $1`,
    [REQUEST],
  );

it('deletes the child’s users (or deactivates one with records), ends their sessions and reports once', async () => {
  const root = await asRoot(h);
  const guardian = await createActiveUser(h, root, {
    firstName: 'Jane',
    lastName: 'Wairimu',
    username: 'guardian',
    password: 'N3w!Passw0rd',
    role: 'beneficiary',
    beneficiaryId: CHILD,
  });
  const session = await login(h, 'guardian', 'N3w!Passw0rd');
  const keeper = await createUser(h, root, { username: 'keeper', role: 'beneficiary', beneficiaryId: CHILD });
  const other = await createUser(h, root, { username: 'other', role: 'beneficiary', beneficiaryId: OTHER_CHILD });
  // The keeper created a record that still exists; someone created the child's own record.
  await h.bus.publish(
    createEvent(
      RecordCreatedBy,
      { domain: 'finance', recordType: 'income', recordId: randomUUID(), userId: keeper.id, deleted: false },
      { id: randomUUID(), occurredAt: new Date() },
    ),
  );
  await h.bus.publish(
    createEvent(
      RecordCreatedBy,
      { domain: 'beneficiaries', recordType: 'beneficiary', recordId: CHILD, userId: other.id, deleted: false },
      { id: randomUUID(), occurredAt: new Date() },
    ),
  );
  await eventually(async () => (await sql('SELECT 1 FROM user_records')).length === 2);
  expect(await isAlive(h, session.token)).toBe(true);

  const first = randomUUID();
  await deliver(first);
  await eventually(async () => (await doneEvents())[0].n === 1);

  expect(await sql('SELECT id FROM users WHERE id = $1', [guardian.id])).toEqual([]);
  expect(await isAlive(h, session.token)).toBe(false);
  expect(await sql('SELECT is_active, beneficiary_id FROM users WHERE id = $1', [keeper.id])).toEqual([
    { is_active: false, beneficiary_id: null },
  ]);
  expect(await sql('SELECT beneficiary_id FROM users WHERE id = $1', [other.id])).toEqual([
    { beneficiary_id: OTHER_CHILD },
  ]);
  expect(await sql('SELECT record_type FROM user_records ORDER BY record_type')).toEqual([{ record_type: 'income' }]);
  // Nothing here names the child any more (the audit entries of the users' creation are erased), and the chain holds.
  const tables = await sql<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { name } of tables) {
    const rows = await sql(
      `SELECT row_to_json(t)::text AS row FROM ${name} t WHERE row_to_json(t)::text ILIKE ANY($1::text[])`,
      [[`%${CHILD}%`, `%${NAME}%`]],
    );
    expect({ table: name, rows }).toEqual({ table: name, rows: [] });
  }
  expect(await verifyAuditChain(pg)).toMatchObject({ ok: true });
  // The report names the users, for the requests they made; no version of a deleted or changed row is left.
  const reported = await sql<{ user_ids: string[] }>(
    `SELECT payload->'userIds' AS user_ids FROM outbox WHERE subject = 'identity.erasure.done' AND payload->>'requestId' = $1`,
    [REQUEST],
  );
  expect(reported.map((r) => [...r.user_ids].sort())).toEqual([[guardian.id, keeper.id].sort()]);
  expect(await rowVersionsHolding(h.db.url, { texts: [CHILD, NAME, 'Jane Wairimu'] }, { waitMs: 10_000 })).toEqual([]);
  const entries = await sql<{ action: string; entity_id: string }>(
    `SELECT action, entity_id FROM audit_entries WHERE details->>'dataRequest' = $1 ORDER BY seq`,
    [REQUEST],
  );
  expect(entries.map((e) => [e.action, e.entity_id]).sort()).toEqual(
    [
      ['delete', guardian.id],
      ['update', keeper.id],
    ].sort(),
  );

  // The same event again: the bus drops it, and the consumer's processed_events would too.
  await deliver(first);
  // Another delivery of the same request (a new event id) finds nothing left to do.
  const changed = await sql('SELECT count(*)::int AS n FROM audit_entries');
  await deliver(randomUUID());
  await eventually(async () => (await doneEvents())[0].n === 2);
  expect(await sql('SELECT count(*)::int AS n FROM audit_entries')).toEqual(changed);
  expect(await sql('SELECT is_active, beneficiary_id FROM users WHERE id = $1', [keeper.id])).toEqual([
    { is_active: false, beneficiary_id: null },
  ]);
  expect(
    await sql<{ n: number }>(`SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1`, [first]),
  ).toEqual([{ n: 1 }]);
});

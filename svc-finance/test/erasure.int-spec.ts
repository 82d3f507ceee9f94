import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { ErasureRequested } from '@kcf/contracts';
import { verifyAuditChain } from '@kcf/server-kit';
import { startFinance, waitFor, type FinanceHarness } from './finance-harness';

/**
 * Finance's part of a child's erasure (`beneficiaries.erasure.requested`, on NATS JetStream): the expenses stay
 * with their amounts (every budget sums the same) but lose the link to the child and its name; audit values,
 * idempotency records and the deleted-children list naming the child go; `finance.erasure.done` reports it.
 * The same event again (and the service restarted in between) changes nothing more.
 */
jest.setTimeout(90_000);

const CHILD = 'KCF-000007';
const NAME = 'Baraka Otieno';
const REQUEST = randomUUID();

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
  h.others.beneficiaries.add(CHILD);
  await request(h.url).post('/api/income').set(h.as('admin')).send({ amount: '1000000', source: 'CDF bursary', date: '2026-01-10' }).expect(201);
});
afterAll(async () => {
  await h?.stop();
});

const expense = (fields: Record<string, string>, key?: string) => {
  const req = request(h.url).post('/api/expenses').set(h.as('admin'));
  if (key) req.set('idempotency-key', key);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return req.expect(201);
};

const doneEvents = () => h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE subject = 'finance.erasure.done' AND payload->>'requestId' = $1`, [REQUEST]);

it('keeps the money and drops the child, once', async () => {
  await request(h.url).post('/api/budgets').set(h.as('admin')).send({ category: 'school_fees', quarter: 'Term 1', year: 2026, plannedAmount: '5000', notes: `Fees incl. ${NAME}` }).expect(201);
  await expense({ amount: '1200.00', category: 'school_fees', description: `Term fees for ${NAME.toUpperCase()}`, date: '2026-02-01', beneficiaryId: CHILD }, 'erasure-key-1');
  await expense({ amount: '300.00', category: 'school_fees', description: 'Uniform', date: '2026-02-03', beneficiaryId: CHILD });
  await expense({ amount: '50.00', category: 'school_fees', description: 'Chalk', date: '2026-02-04' });
  const used = async () => (await h.sql<{ used_amount: string }>(`SELECT used_amount::text FROM budgets`))[0].used_amount;
  await waitFor('the budget', async () => (await used()) === '1550.00');

  const event = await h.publish(ErasureRequested, { requestId: REQUEST, beneficiaryId: CHILD, names: [NAME] });
  await waitFor('finance done', async () => (await doneEvents())[0].n === 1);

  expect(await h.sql(`SELECT amount::text, description, beneficiary_id FROM expenses ORDER BY expenses.amount DESC`)).toEqual([
    { amount: '1200.00', description: 'Term fees for erased', beneficiary_id: null },
    { amount: '300.00', description: 'Uniform', beneficiary_id: null },
    { amount: '50.00', description: 'Chalk', beneficiary_id: null },
  ]);
  expect(await h.sql(`SELECT notes FROM budgets`)).toEqual([{ notes: 'Fees incl. erased' }]);
  const recalculated = await request(h.url).post('/api/budgets/recalculate').set(h.as('admin'));
  expect(recalculated.status).toBeLessThan(300);
  expect(await used()).toBe('1550.00');

  const tables = await h.sql<{ name: string }>(`SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  for (const { name } of tables) {
    const rows = await h.sql(`SELECT row_to_json(t)::text AS row FROM ${name} t WHERE row_to_json(t)::text ILIKE ANY($1::text[])`, [[`%${CHILD}%`, `%${NAME}%`]]);
    expect({ table: name, rows }).toEqual({ table: name, rows: [] });
  }
  const pg = new Client({ connectionString: h.db.url });
  await pg.connect();
  try {
    expect(await verifyAuditChain(pg)).toMatchObject({ ok: true });
  } finally {
    await pg.end();
  }

  // Restarted, and the same event published again: the bus or processed_events drops it.
  const audit = await h.sql('SELECT count(*)::int AS n FROM audit_entries');
  await h.restartService();
  await h.publish(ErasureRequested, { requestId: REQUEST, beneficiaryId: CHILD, names: [NAME] }, event.id);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await doneEvents()).toEqual([{ n: 1 }]);
  expect(await h.sql('SELECT count(*)::int AS n FROM audit_entries')).toEqual(audit);
  expect(await h.sql(`SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1`, [event.id])).toEqual([{ n: 1 }]);
});

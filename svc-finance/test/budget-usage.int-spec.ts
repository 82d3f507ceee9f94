import request from 'supertest';
import { BeneficiaryDeleted, ExpenseCreated, type EventEnvelope } from '@kcf/contracts';
import { Database, runIdempotentHandler } from '@kcf/server-kit';
import { BudgetUsageConsumer } from '../src/budgets/budget-usage.consumer';
import { startFinance, waitFor, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
const budgetIds: Record<string, string> = {};

beforeAll(async () => {
  h = await startFinance();
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '10000000', source: 'County bursary fund', date: '2026-01-02' })
    .expect(201);
  for (const [category, quarter] of [
    ['school_fees', 'Term 1'],
    ['school_fees', 'Term 2'],
    ['health', 'Term 2'],
  ]) {
    const res = await request(h.url)
      .post('/api/budgets')
      .set(h.as('admin'))
      .send({ category, quarter, year: 2026, plannedAmount: 100000 })
      .expect(201);
    budgetIds[`${category} ${quarter}`] = res.body.id;
  }
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);
const usedOf = async (key: string) =>
  (await api().get(`/api/budgets/${budgetIds[key]}`).set(h.as('viewer')).expect(200)).body.usedAmount as string;
/** What the budget should say: the sum of the matching expenses, from the database. */
const expectedUsed = async (category: string, from: string, to: string) =>
  (
    await h.sql<{ sum: string }>(
      `SELECT COALESCE(sum(amount), 0)::numeric(18,2)::text AS sum FROM expenses WHERE category = $1 AND date BETWEEN $2 AND $3`,
      [category, from, to],
    )
  )[0].sum;
const settles = (key: string, value: string, timeoutMs = 10_000) =>
  waitFor(`${key} used = ${value}`, async () => (await usedOf(key)) === value, timeoutMs);
const postExpense = (body: object) =>
  api()
    .post('/api/expenses')
    .set(h.as('admin'))
    .send({ description: 'x', ...body })
    .expect(201);

describe('used amounts follow the expenses through events (no recalculate)', () => {
  let expenseId: string;

  it('counts a new expense in its category, term and year', async () => {
    expenseId = (await postExpense({ amount: '1200.50', category: 'school_fees', date: '2026-03-15' })).body.id;
    await settles('school_fees Term 1', '1200.50');
    expect(await usedOf('school_fees Term 2')).toBe('0.00');
  });

  it('moves the amount when an edit changes the amount and moves the date into another term', async () => {
    await api()
      .put(`/api/expenses/${expenseId}`)
      .set(h.as('admin'))
      .send({ amount: '1300', category: 'school_fees', date: '2026-05-01', description: 'x' })
      .expect(200);
    await settles('school_fees Term 2', '1300.00');
    await settles('school_fees Term 1', '0.00');
  });

  it('moves it between categories', async () => {
    await api()
      .put(`/api/expenses/${expenseId}`)
      .set(h.as('admin'))
      .send({ amount: '1300', category: 'health', date: '2026-05-01', description: 'x' })
      .expect(200);
    await settles('health Term 2', '1300.00');
    await settles('school_fees Term 2', '0.00');
  });

  it('takes a deleted expense out', async () => {
    await postExpense({ amount: '99.99', category: 'health', date: '2026-08-31' });
    await settles('health Term 2', '1399.99');
    await api().delete(`/api/expenses/${expenseId}`).set(h.as('superadmin')).expect(204);
    await settles('health Term 2', '99.99');
  });
});

describe('the same event twice changes nothing', () => {
  let envelope: EventEnvelope;
  let db: Database;

  beforeAll(async () => {
    const created = (await postExpense({ amount: '500', category: 'school_fees', date: '2026-02-02' })).body;
    await settles('school_fees Term 1', await expectedUsed('school_fees', '2026-01-01', '2026-04-30'));
    const [row] = await h.sql<EventEnvelope & { occurred_at: Date }>(
      `SELECT id, subject, payload, occurred_at FROM outbox WHERE subject = $1 AND payload->>'expenseId' = $2`,
      [ExpenseCreated.subject, created.id],
    );
    envelope = {
      id: row.id,
      subject: row.subject,
      payload: row.payload,
      occurredAt: new Date(row.occurred_at).toISOString(),
    };
    db = h.service.app.get(Database);
  });

  it('is skipped by the consumer when delivered again (processed_events)', async () => {
    const consumer = h.service.app.get(BudgetUsageConsumer);
    const before = await usedOf('school_fees Term 1');
    const ran = await runIdempotentHandler(db, 'finance-budget-usage', envelope, () => consumer.handle(envelope));
    expect(ran).toBe(false);
    expect(await usedOf('school_fees Term 1')).toBe(before);
  });

  it('cannot double-count even when handled again under a new id, or arriving after later changes', async () => {
    const before = await usedOf('school_fees Term 1');
    // The same facts re-published as a new event (a copy that slipped past every de-duplication).
    await h.publish(ExpenseCreated, envelope.payload as never);
    // An old event about an expense that no longer exists.
    const gone = (await postExpense({ amount: '70', category: 'school_fees', date: '2026-04-01' })).body;
    await api().delete(`/api/expenses/${gone.id}`).set(h.as('superadmin')).expect(204);
    await h.publish(ExpenseCreated, {
      expenseId: gone.id,
      category: 'school_fees',
      date: '2026-04-01',
      amount: '70.00',
      createdBy: 'u-admin',
    });
    const marker = await h.publish(ExpenseCreated, {
      expenseId: 'marker',
      category: 'other',
      date: '2026-01-01',
      amount: '1.00',
      createdBy: null,
    });
    await waitFor(
      'the consumer to reach the marker',
      async () => (await h.sql(`SELECT 1 FROM processed_events WHERE event_id = $1`, [marker.id])).length === 1,
    );
    expect(await usedOf('school_fees Term 1')).toBe(before);
    expect(before).toBe(await expectedUsed('school_fees', '2026-01-01', '2026-04-30'));
  });
});

describe('catching up after NATS restarts', () => {
  it('keeps taking expenses while NATS is down and settles every used amount once it is back', async () => {
    await h.nats.shutdown();
    try {
      for (let i = 0; i < 10; i += 1) {
        await postExpense({
          amount: `${100 + i}.25`,
          category: i % 2 ? 'school_fees' : 'health',
          date: i % 3 ? '2026-06-10' : '2026-02-10',
        });
      }
      const unsent = await h.sql<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL`);
      expect(Number(unsent[0].n)).toBeGreaterThanOrEqual(10);
    } finally {
      await h.nats.start();
    }
    for (const [key, category, from, to] of [
      ['school_fees Term 1', 'school_fees', '2026-01-01', '2026-04-30'],
      ['school_fees Term 2', 'school_fees', '2026-05-01', '2026-08-31'],
      ['health Term 2', 'health', '2026-05-01', '2026-08-31'],
    ]) {
      await settles(key, await expectedUsed(category, from, to), 45_000);
    }
    expect(await h.sql(`SELECT id FROM outbox WHERE sent_at IS NULL`)).toEqual([]);
  }, 90_000);
});

describe("a child's deletion", () => {
  it('clears the child from its expenses, keeps the money, and refuses the child afterwards', async () => {
    h.others.beneficiaries.add('KCF-000042');
    const named = (
      await postExpense({ amount: '250', category: 'health', date: '2026-07-07', beneficiaryId: 'KCF-000042' })
    ).body;
    const before = (await api().get('/internal/stats').set(h.asSystem()).expect(200)).body;
    const event = await h.publish(BeneficiaryDeleted, {
      beneficiaryId: 'KCF-000042',
      fullName: 'Brian Wanjala',
      createdBy: 'u-admin',
    });
    await waitFor(
      'the child to be detached',
      async () => (await api().get(`/api/expenses/${named.id}`).set(h.as('viewer'))).body.beneficiaryId === null,
    );
    const after = (await api().get(`/api/expenses/${named.id}`).set(h.as('viewer')).expect(200)).body;
    expect(after).toMatchObject({ amount: '250.00', category: 'health', beneficiaryId: null });
    expect((await api().get('/internal/stats').set(h.asSystem()).expect(200)).body).toEqual(before);
    // svc-beneficiaries may still answer "exists" for a moment: the deletion this service took in wins.
    const refused = await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ amount: '1', category: 'health', date: '2026-07-07', description: 'x', beneficiaryId: 'KCF-000042' })
      .expect(400);
    expect(refused.body.message).toBe('Beneficiary not found');
    // The same event again changes nothing.
    await h.publish(BeneficiaryDeleted, event.payload, event.id);
    await h.publish(BeneficiaryDeleted, event.payload);
    expect((await api().get('/api/expenses?limit=500').set(h.as('viewer'))).status).toBe(200);
  });
});

import request from 'supertest';
import { RecordCreatedBy, type EventEnvelope } from '@kcf/contracts';
import { JetStreamEventBus, type EventSubscription } from '@kcf/server-kit';
import { FILES, startFinance, waitFor, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
let identityBus: JetStreamEventBus;
let subscription: EventSubscription;
const seen: EventEnvelope[] = [];

beforeAll(async () => {
  h = await startFinance();
  // Listens as svc-identity does.
  identityBus = await JetStreamEventBus.connect({
    servers: h.nats.url,
    streamName: h.config.NATS_STREAM,
    subjectPrefix: h.config.NATS_SUBJECT_PREFIX,
  });
  subscription = await identityBus.subscribe('identity-test-records', [RecordCreatedBy.subject], async (envelope) => {
    seen.push(envelope);
  });
});
afterAll(async () => {
  await subscription?.stop();
  await identityBus?.close();
  await h?.stop();
});

const api = () => request(h.url);
const stats = async () => (await api().get('/internal/stats').set(h.asSystem()).expect(200)).body;

describe('GET /internal/stats', () => {
  it('starts at zero, as decimal strings', async () => {
    expect(await stats()).toEqual({ totalDonations: '0.00', totalExpenses: '0.00', netBalance: '0.00' });
  });

  it('follows every create, update and delete to the cent', async () => {
    const a = (
      await api()
        .post('/api/income')
        .set(h.as('admin'))
        .send({ amount: '0.10', source: 'Well-wisher', date: '2026-01-01' })
        .expect(201)
    ).body;
    await api()
      .post('/api/income')
      .set(h.as('admin'))
      .send({ amount: '0.20', source: 'Well-wisher', date: '2026-01-01' })
      .expect(201);
    expect((await stats()).totalDonations).toBe('0.30');
    await api()
      .put(`/api/income/${a.id}`)
      .set(h.as('admin'))
      .send({ amount: '1000000.10', source: 'Well-wisher', date: '2026-01-01' })
      .expect(200);
    const e = (
      await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .send({ amount: '999.99', category: 'admin', date: '2026-01-02', description: 'Stationery' })
        .expect(201)
    ).body;
    expect(await stats()).toEqual({ totalDonations: '1000000.30', totalExpenses: '999.99', netBalance: '999000.31' });
    await api()
      .put(`/api/expenses/${e.id}`)
      .set(h.as('admin'))
      .send({ amount: '1000', category: 'admin', date: '2026-01-02', description: 'Stationery' })
      .expect(200);
    // Deleting the income would leave the balance negative: refused, the figures unchanged.
    await api().delete(`/api/income/${a.id}`).set(h.as('superadmin')).expect(400);
    expect(await stats()).toEqual({ totalDonations: '1000000.30', totalExpenses: '1000.00', netBalance: '999000.30' });
    await api().delete(`/api/expenses/${e.id}`).set(h.as('superadmin')).expect(204);
    await api().delete(`/api/income/${a.id}`).set(h.as('superadmin')).expect(204);
    expect(await stats()).toEqual({ totalDonations: '0.20', totalExpenses: '0.00', netBalance: '0.20' });
    const [sums] = await h.sql<{ income: string; expenses: string | null }>(
      `SELECT (SELECT sum(amount) FROM income)::text AS income, (SELECT sum(amount) FROM expenses)::text AS expenses`,
    );
    expect(sums).toEqual({ income: '0.20', expenses: null });
  });

  it('is for services only', async () => {
    await api().get('/internal/stats').expect(401);
    await api().get('/internal/stats').set(h.as('superadmin')).expect(403);
  });
});

describe('records.created-by', () => {
  it('tells identity who created each income, expense and budget, and when each is gone', async () => {
    const income = (
      await api()
        .post('/api/income')
        .set(h.as('admin'))
        .send({ amount: '5000', source: 'Church partners', date: '2026-02-01' })
        .expect(201)
    ).body;
    const expense = (
      await api()
        .post('/api/expenses')
        .set(h.as('superadmin'))
        .field('amount', '10')
        .field('category', 'health')
        .field('date', '2026-02-02')
        .field('description', 'Clinic')
        .attach('receipt', FILES.pdf, 'r.pdf')
        .expect(201)
    ).body;
    const budget = (
      await api()
        .post('/api/budgets')
        .set(h.as('admin'))
        .send({ category: 'health', quarter: 'Term 1', year: 2026, plannedAmount: 100 })
        .expect(201)
    ).body;
    // The expense goes first: without it the income's removal would leave a negative balance.
    for (const path of [`/api/expenses/${expense.id}`, `/api/income/${income.id}`, `/api/budgets/${budget.id}`]) {
      await api().delete(path).set(h.as('superadmin')).expect(204);
    }
    const facts = (recordId: string) =>
      seen
        .filter((e) => (e.payload as { recordId: string }).recordId === recordId)
        .map((e) => e.payload as Record<string, unknown>);
    await waitFor('six facts', async () => [income.id, expense.id, budget.id].every((id) => facts(id).length === 2));
    expect(facts(income.id)).toEqual([
      { domain: 'finance', recordType: 'income', recordId: income.id, userId: 'u-admin', deleted: false },
      { domain: 'finance', recordType: 'income', recordId: income.id, userId: 'u-admin', deleted: true },
    ]);
    expect(facts(expense.id).map((f) => [f.recordType, f.userId, f.deleted])).toEqual([
      ['expense', 'u-super', false],
      ['expense', 'u-super', true],
    ]);
    expect(facts(budget.id).map((f) => [f.recordType, f.userId, f.deleted])).toEqual([
      ['budget', 'u-admin', false],
      ['budget', 'u-admin', true],
    ]);
  });

  it('writes nothing when a change is refused', async () => {
    const before = seen.length;
    await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ amount: '99999999', category: 'health', date: '2026-02-02', description: 'Too much' })
      .expect(400);
    const [{ n }] = await h.sql<{ n: string }>(
      `SELECT count(*) AS n FROM outbox WHERE payload->>'recordType' = 'expense' AND payload->>'deleted' = 'false'`,
    );
    expect(n).toBe('2');
    expect(seen.length).toBe(before);
  });
});

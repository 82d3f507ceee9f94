import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

/** Amounts are never rounded to fit: more than two decimals is a 400 naming the field, and nothing is stored. */
let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance({ clock: new Date('2026-11-02T08:00:00Z') });
  await api()
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '100000', source: 'Church partners', date: '2026-01-05' })
    .expect(201);
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);
const count = async (table: string) => (await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

const budget = { quarter: 'Term 1', year: 2026, category: 'school_fees', notes: 'Fees' };

describe('a budget plannedAmount with more than two decimals', () => {
  it.each([[1.005], ['1.005']])('%p is refused with 400 and no budget is stored', async (plannedAmount) => {
    const before = await count('budgets');
    const res = await api()
      .post('/api/budgets')
      .set(h.as('admin'))
      .send({ ...budget, plannedAmount })
      .expect(400);
    expect(res.body.errors).toEqual([
      { path: 'plannedAmount', message: 'Planned amount must have at most 2 decimal places' },
    ]);
    expect(await count('budgets')).toBe(before);
  });

  it('is refused on the inline edit too, leaving the stored amount as it was', async () => {
    const created = (
      await api()
        .post('/api/budgets')
        .set(h.as('admin'))
        .send({ ...budget, category: 'health', plannedAmount: 0.29 })
        .expect(201)
    ).body;
    expect(created.plannedAmount).toBe('0.29');
    for (const plannedAmount of [1.005, '1.005']) {
      const res = await api().put(`/api/budgets/${created.id}`).set(h.as('admin')).send({ plannedAmount }).expect(400);
      expect(res.body.errors).toEqual([
        { path: 'plannedAmount', message: 'Planned amount must have at most 2 decimal places' },
      ]);
    }
    const [row] = await h.sql<{ planned_amount: string }>('SELECT planned_amount::text FROM budgets WHERE id = $1', [
      created.id,
    ]);
    expect(row.planned_amount).toBe('0.29');
  });

  it('keeps two-decimal numbers exact (1.1 is 1.10, not refused as float noise)', async () => {
    const res = await api()
      .post('/api/budgets')
      .set(h.as('admin'))
      .send({ ...budget, category: 'admin', plannedAmount: 1.1 })
      .expect(201);
    expect(res.body.plannedAmount).toBe('1.10');
  });
});

describe('income and expense amounts with more than two decimals', () => {
  it.each([[1.005], ['1.005']])('%p is refused for an income with 400 and nothing is stored', async (amount) => {
    const before = await count('income');
    const res = await api()
      .post('/api/income')
      .set(h.as('admin'))
      .send({ amount, source: 'Well-wisher', date: '2026-10-06' })
      .expect(400);
    expect(res.body.errors).toEqual([{ path: 'amount', message: 'Amount must have at most 2 decimal places' }]);
    expect(await count('income')).toBe(before);
  });

  it.each([[1.005], ['1.005']])('%p is refused for an expense with 400 and nothing is stored', async (amount) => {
    const before = await count('expenses');
    const res = await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ amount, category: 'health', description: 'Clinic', date: '2026-10-06' })
      .expect(400);
    expect(res.body.errors).toEqual([{ path: 'amount', message: 'Amount must have at most 2 decimal places' }]);
    expect(await count('expenses')).toBe(before);
  });
});

import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
beforeEach(async () => {
  h = await startFinance();
});
afterEach(async () => {
  await h?.stop();
});

const api = () => request(h.url);
const balance = async () =>
  (await h.sql<{ b: string }>('SELECT (total_income - total_expenses)::text AS b FROM finance_totals'))[0].b;

describe('the balance guard covers income', () => {
  it('refuses to delete or lower an income when the expenses would exceed what is left, and keeps the balance', async () => {
    const income = await api()
      .post('/api/income')
      .set(h.as('admin'))
      .send({ amount: '1000.00', source: 'Harambee', date: '2026-09-01' })
      .expect(201);
    await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ amount: '500.00', category: 'admin', description: 'Rent', date: '2026-09-02' })
      .expect(201);

    const removed = await api().delete(`/api/income/${income.body.id}`).set(h.as('superadmin')).expect(400);
    expect(removed.body.message).toBe('Cannot delete income: it would leave a negative balance (KSH -500.00)');
    const lowered = await api()
      .put(`/api/income/${income.body.id}`)
      .set(h.as('admin'))
      .send({ amount: '0.01', source: 'Harambee', date: '2026-09-01' })
      .expect(400);
    expect(lowered.body.message).toBe('Cannot update income: it would leave a negative balance (KSH -499.99)');
    expect(lowered.body.errors).toEqual([{ path: 'amount', message: lowered.body.message }]);
    expect(await balance()).toBe('500.00');

    // Down to exactly what the expenses took is allowed.
    await api()
      .put(`/api/income/${income.body.id}`)
      .set(h.as('admin'))
      .send({ amount: '500.00', source: 'Harambee', date: '2026-09-01' })
      .expect(200);
    expect(await balance()).toBe('0.00');
  });

  it('never lets concurrent income deletes and expenses together cross zero', async () => {
    const incomes = [];
    for (let i = 0; i < 4; i++) {
      incomes.push(
        (
          await api()
            .post('/api/income')
            .set(h.as('admin'))
            .send({ amount: '100.00', source: `Gift ${i}`, date: '2026-09-01' })
            .expect(201)
        ).body.id as string,
      );
    }
    const writes = [
      ...incomes.map((id) => api().delete(`/api/income/${id}`).set(h.as('superadmin'))),
      ...Array.from({ length: 6 }, (_, i) =>
        api()
          .post('/api/expenses')
          .set(h.as('admin'))
          .send({ amount: '100.00', category: 'other', description: `Spend ${i}`, date: '2026-09-03' }),
      ),
    ];
    const answers = await Promise.all(writes);
    for (const a of answers) expect([201, 204, 400]).toContain(a.status);
    expect(Number(await balance())).toBeGreaterThanOrEqual(0);
    const [{ income, expenses }] = await h.sql<{ income: string; expenses: string }>(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM income)::text AS income, (SELECT coalesce(sum(amount), 0) FROM expenses)::text AS expenses`,
    );
    expect(Number(income) - Number(expenses)).toBeGreaterThanOrEqual(0);
  });
});

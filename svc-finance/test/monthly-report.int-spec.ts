import request from 'supertest';
import { sumMoney, type Expense, type Income, type MonthlyReport } from '@kcf/contracts';
import { startFinance, type FinanceHarness } from './finance-harness';

/**
 * The Monthly Report's route: one month's sums, counts and breakdowns, the same numbers the month's records give
 * when read through the lists, recorded as an export, for the staff who may read (as the lists are).
 */
let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance({ clock: new Date('2026-11-20T08:00:00Z') });
  const income = (amount: string, source: string, date: string) =>
    api().post('/api/income').set(h.as('admin')).send({ amount, source, date }).expect(201);
  const expense = (amount: string, category: string, date: string) =>
    api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ amount, category, description: 'Term costs', date })
      .expect(201);
  await income('10000.10', 'Church harambee', '2026-10-02');
  await income('0.20', 'Church harambee', '2026-10-31');
  await income('5000.00', 'Rotary Club', '2026-10-15');
  await income('99999.00', 'Old pledge', '2026-09-30');
  await income('700.00', 'CDF bursary', '2026-11-01');
  await expense('2500.00', 'school_fees', '2026-10-04');
  await expense('0.10', 'health', '2026-10-01');
  await expense('1250.45', 'school_fees', '2026-10-20');
  await expense('300.00', 'admin', '2026-11-02');
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);
const report = (month?: string, role: 'viewer' | 'admin' | 'superadmin' | 'beneficiary' = 'viewer') =>
  api()
    .get('/api/reports/monthly')
    .query(month === undefined ? {} : { month })
    .set(h.as(role));
const exportsOf = (month: string) =>
  h.sql<{ action: string; details: unknown }>(
    `SELECT action, details FROM audit_entries WHERE entity_type = 'monthly-report' AND entity_id = $1 ORDER BY seq`,
    [month],
  );

/** What the month's records read through the lists come to: each group summed to the cent. */
async function fromTheLists(month: string) {
  const range = { from: `${month}-01`, to: `${month}-31`, limit: '500' };
  const incomes: Income[] = (await api().get('/api/income').query(range).set(h.as('viewer')).expect(200)).body;
  const expenses: Expense[] = (await api().get('/api/expenses').query(range).set(h.as('viewer')).expect(200)).body;
  const groups = <T extends { amount: string }>(records: T[], key: (r: T) => string) => {
    const by = new Map<string, T[]>();
    for (const r of records) by.set(key(r), [...(by.get(key(r)) ?? []), r]);
    return Object.fromEntries(
      [...by].map(([k, list]) => [k, { total: sumMoney(list.map((r) => r.amount)), count: list.length }]),
    );
  };
  return {
    income: {
      total: sumMoney(incomes.map((i) => i.amount)),
      count: incomes.length,
      bySource: groups(incomes, (i) => i.source),
    },
    expenses: {
      total: sumMoney(expenses.map((e) => e.amount)),
      count: expenses.length,
      byCategory: groups(expenses, (e) => e.category),
    },
  };
}

describe('GET /api/reports/monthly', () => {
  it("answers the month's sums, counts and breakdowns: the numbers its records give through the lists", async () => {
    const body: MonthlyReport = (await report('2026-10').expect(200)).body;
    const lists = await fromTheLists('2026-10');
    expect(body.month).toBe('2026-10');
    expect(body.generatedAt).toBe('2026-11-20T08:00:00.000Z');
    expect({ total: body.income.total, count: body.income.count }).toEqual({
      total: lists.income.total,
      count: lists.income.count,
    });
    expect(Object.fromEntries(body.income.bySource.map((g) => [g.label, { total: g.total, count: g.count }]))).toEqual(
      lists.income.bySource,
    );
    expect({ total: body.expenses.total, count: body.expenses.count }).toEqual({
      total: lists.expenses.total,
      count: lists.expenses.count,
    });
    expect(
      Object.fromEntries(body.expenses.byCategory.map((g) => [g.category, { total: g.total, count: g.count }])),
    ).toEqual(lists.expenses.byCategory);
    // To the cent, and only that month's records.
    expect(body.income).toMatchObject({ total: '15000.30', count: 3 });
    expect(body.expenses).toMatchObject({ total: '3750.55', count: 3 });
    expect(body.net).toBe('11249.75');
  });

  it('is this month when no month is asked, and says a month without records holds none', async () => {
    const now = (await report().expect(200)).body as MonthlyReport;
    expect(now).toMatchObject({
      month: '2026-11',
      income: { total: '700.00', count: 1 },
      expenses: { total: '300.00', count: 1 },
      net: '400.00',
    });
    const empty = (await report('2025-01').expect(200)).body as MonthlyReport;
    expect(empty).toMatchObject({
      income: { total: '0.00', count: 0, bySource: [] },
      expenses: { total: '0.00', count: 0, byCategory: [] },
      net: '0.00',
    });
  });

  it('is recorded as an export of that month, with how many records it took', async () => {
    const before = (await exportsOf('2026-10')).length;
    await report('2026-10', 'admin').expect(200);
    const entries = await exportsOf('2026-10');
    expect(entries.slice(before)).toEqual([
      { action: 'export', details: { month: '2026-10', income: 3, expenses: 3 } },
    ]);
  });

  it('refuses a month that has not begun, or is no month, recording nothing', async () => {
    const before = await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE entity_type = 'monthly-report'`);
    expect((await report('2026-12').expect(400)).body.errors).toEqual([
      { path: 'month', message: 'A monthly report can only be made for this month or an earlier one' },
    ]);
    expect((await report('2026-1').expect(400)).body.errors).toEqual([
      { path: 'month', message: 'Month must be a year and month (YYYY-MM)' },
    ]);
    expect(await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE entity_type = 'monthly-report'`)).toEqual(
      before,
    );
  });

  it('is for the staff who may read the lists: viewer, admin and superadmin; not a beneficiary, not a stranger', async () => {
    for (const role of ['viewer', 'admin', 'superadmin'] as const) await report('2026-10', role).expect(200);
    await report('2026-10', 'beneficiary').expect(403);
    await api().get('/api/reports/monthly').expect(401);
  });

  it("leaves the lists plain lists: a month's read of them is no export", async () => {
    const before = await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE entity_type = 'monthly-report'`);
    await api()
      .get('/api/income')
      .query({ from: '2026-10-01', to: '2026-10-31', limit: '500', offset: '0', purpose: 'monthly-report' })
      .set(h.as('viewer'))
      .expect(200);
    await api()
      .get('/api/expenses')
      .query({ from: '2026-10-01', to: '2026-10-31', limit: '500', offset: '0', purpose: 'monthly-report' })
      .set(h.as('viewer'))
      .expect(200);
    expect(await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE entity_type = 'monthly-report'`)).toEqual(
      before,
    );
  });
});

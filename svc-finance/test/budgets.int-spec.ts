import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
beforeAll(async () => {
  // "Now" is 2 November 2026 in Nairobi: budgets may name 2020 to 2026.
  h = await startFinance({ clock: new Date('2026-11-02T08:00:00Z') });
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '5000000', source: 'Church partners', date: '2026-01-05' })
    .expect(201);
  for (const [amount, category, date] of [
    ['1000.10', 'school_fees', '2026-01-10'],
    ['2000.20', 'school_fees', '2026-04-30'],
    ['400.00', 'school_fees', '2026-05-01'],
    ['300.00', 'health', '2026-02-14'],
    ['50.00', 'school_fees', '2025-03-03'],
  ]) {
    await request(h.url)
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ amount, category, date, description: 'seeded' })
      .expect(201);
  }
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);
const budget = {
  quarter: 'Term 1',
  year: 2026,
  category: 'school_fees',
  plannedAmount: 150000,
  notes: 'Fees for 40 pupils',
};
const create = (body: object, role: 'admin' | 'superadmin' | 'viewer' = 'admin') =>
  api().post('/api/budgets').set(h.as(role)).send(body);

describe('budgets', () => {
  let created: { id: string; createdAt: string };

  it('creates a budget whose used amount already counts the expenses of its category and term', async () => {
    const res = await create(budget).expect(201);
    created = res.body;
    expect(res.body).toMatchObject({
      quarter: 'Term 1',
      year: 2026,
      category: 'school_fees',
      plannedAmount: '150000.00',
      usedAmount: '3000.30',
      notes: 'Fees for 40 pupils',
      createdBy: 'u-admin',
    });
    await api().get(`/api/budgets/${created.id}`).set(h.as('viewer')).expect(200);
  });

  it('refuses a second budget for the same category, term and year with 409', async () => {
    const res = await create({ ...budget, plannedAmount: 1 }).expect(409);
    expect(res.body.message).toBe('A School Fees budget for Term 1 2026 already exists');
  });

  it('words the refusal with the article its category takes: An Administrative budget', async () => {
    const first = (await create({ ...budget, category: 'admin', plannedAmount: 500 }).expect(201)).body;
    try {
      const res = await create({ ...budget, category: 'admin', plannedAmount: 1 }).expect(409);
      expect(res.body.message).toBe('An Administrative budget for Term 1 2026 already exists');
    } finally {
      await api().delete(`/api/budgets/${first.id}`).set(h.as('superadmin')).expect(204);
    }
  });

  it("gives the product's messages for a bad form", async () => {
    const missing = await create({}).expect(400);
    expect(missing.body.errors).toEqual([
      { path: 'quarter', message: 'Term is required' },
      { path: 'year', message: 'Year is required' },
      { path: 'category', message: 'Category is required' },
      { path: 'plannedAmount', message: 'Planned amount is required' },
    ]);
    for (const year of [2019, 2027]) {
      const res = await create({ ...budget, year }).expect(400);
      expect(res.body.errors).toEqual([{ path: 'year', message: 'Year must be between 2020 and 2026 (current year)' }]);
    }
    const negative = await create({ ...budget, quarter: 'Term 2', plannedAmount: -1 }).expect(400);
    expect(negative.body.message).toBe('Planned amount must be a valid positive number');
    await create({ ...budget, quarter: 'Q1' }).expect(400);
  });

  it('follows the clock: 2027 is accepted once the year turns in Nairobi', async () => {
    h.clock.set(new Date('2026-12-31T21:30:00Z'));
    try {
      const res = await create({ ...budget, year: 2027, category: 'other' }).expect(201);
      await api().delete(`/api/budgets/${res.body.id}`).set(h.as('superadmin')).expect(204);
    } finally {
      h.clock.set(new Date('2026-11-02T08:00:00Z'));
    }
  });

  it('keeps creating and editing to staff who may write', async () => {
    await create({ ...budget, category: 'admin' }, 'viewer').expect(403);
    await api().put(`/api/budgets/${created.id}`).set(h.as('viewer')).send({ plannedAmount: 1 }).expect(403);
    await api()
      .get('/api/budgets')
      .set(h.as('beneficiary', { beneficiaryId: 'KCF-000001' }))
      .expect(403);
  });

  it('edits planned amount and notes inline, and nothing else', async () => {
    const res = await api()
      .put(`/api/budgets/${created.id}`)
      .set(h.as('admin'))
      .send({ plannedAmount: '160000.5', notes: '' })
      .expect(200);
    expect(res.body).toMatchObject({
      id: created.id,
      quarter: 'Term 1',
      category: 'school_fees',
      plannedAmount: '160000.50',
      usedAmount: '3000.30',
      notes: null,
    });
    for (const plannedAmount of ['abc', -10, '']) {
      const bad = await api().put(`/api/budgets/${created.id}`).set(h.as('admin')).send({ plannedAmount }).expect(400);
      expect(bad.body.message).toBe('Planned amount must be a valid positive number');
    }
    await api()
      .put('/api/budgets/8f1d2c3b-0000-4000-8000-000000000000')
      .set(h.as('admin'))
      .send({ plannedAmount: 1 })
      .expect(404);
  });

  it('moves a budget to another term with the form and recomputes its used amount', async () => {
    const res = await api()
      .put(`/api/budgets/${created.id}`)
      .set(h.as('admin'))
      .send({ ...budget, quarter: 'Term 2' })
      .expect(200);
    expect(res.body).toMatchObject({ quarter: 'Term 2', usedAmount: '400.00', plannedAmount: '150000.00' });
    const other = (await create({ ...budget, quarter: 'Term 1' }).expect(201)).body;
    const clash = await api()
      .put(`/api/budgets/${other.id}`)
      .set(h.as('admin'))
      .send({ ...budget, quarter: 'Term 2' })
      .expect(409);
    expect(clash.body.message).toBe('A School Fees budget for Term 2 2026 already exists');
  });

  it('lists newest year first, then by term and category, and filters by year and term', async () => {
    await create({ ...budget, quarter: 'Term 1', category: 'health', plannedAmount: 20000 }).expect(201);
    await create({ ...budget, year: 2025, plannedAmount: 100 }).expect(201);
    const all = await api().get('/api/budgets').set(h.as('viewer')).expect(200);
    expect(
      all.body.map((b: { year: number; quarter: string; category: string }) => `${b.year} ${b.quarter} ${b.category}`),
    ).toEqual(['2026 Term 1 school_fees', '2026 Term 1 health', '2026 Term 2 school_fees', '2025 Term 1 school_fees']);
    const term2 = await api().get('/api/budgets?year=2026&quarter=Term 2').set(h.as('viewer')).expect(200);
    expect(term2.body).toHaveLength(1);
    await api().get('/api/budgets?year=26').set(h.as('viewer')).expect(400);
  });

  it('lets only a superadmin delete a budget', async () => {
    const target = (await create({ ...budget, category: 'special_needs' }).expect(201)).body;
    await api().delete(`/api/budgets/${target.id}`).set(h.as('admin')).expect(403);
    await api().delete(`/api/budgets/${target.id}`).set(h.as('superadmin')).expect(204);
    await api().get(`/api/budgets/${target.id}`).set(h.as('admin')).expect(404);
    await api().delete(`/api/budgets/${target.id}`).set(h.as('superadmin')).expect(404);
  });
});

describe('budget reports', () => {
  it('answers a termly report with the term’s budgets, exact totals and who asked', async () => {
    const res = await api()
      .get('/api/budgets/download?type=termly&year=2026&quarter=Term 1')
      .set(h.as('admin'))
      .expect(200);
    expect(res.body).toMatchObject({
      type: 'termly',
      quarter: 'Term 1',
      year: 2026,
      generatedAt: '2026-11-02T08:00:00.000Z',
      generatedBy: 'Amina Wekesa',
      totals: { planned: '170000.00', used: '3300.30', remaining: '166699.70' },
    });
    expect(res.body.budgets.map((b: { category: string }) => b.category)).toEqual(['school_fees', 'health']);
  });

  it('answers a yearly report over all terms in term order', async () => {
    const res = await api().get('/api/budgets/download?type=yearly&year=2026').set(h.as('viewer')).expect(200);
    expect(res.body).toMatchObject({ type: 'yearly', quarter: null, year: 2026, generatedBy: 'Otieno Barasa' });
    expect(res.body.budgets.map((b: { quarter: string; category: string }) => `${b.quarter} ${b.category}`)).toEqual([
      'Term 1 school_fees',
      'Term 1 health',
      'Term 2 school_fees',
    ]);
    expect(res.body.totals).toEqual({ planned: '320000.00', used: '3700.30', remaining: '316299.70' });
  });

  it('still answers, with an unknown author, while identity is down', async () => {
    h.others.down = true;
    try {
      const res = await api().get('/api/budgets/download?type=yearly&year=2025').set(h.as('admin')).expect(200);
      expect(res.body).toMatchObject({
        generatedBy: 'Unknown user',
        totals: { planned: '100.00', used: '50.00', remaining: '50.00' },
      });
    } finally {
      h.others.down = false;
    }
  });

  it('answers an empty report for a year without budgets, and 400 for a bad request', async () => {
    const empty = await api().get('/api/budgets/download?type=yearly&year=2021').set(h.as('admin')).expect(200);
    expect(empty.body).toMatchObject({ budgets: [], totals: { planned: '0.00', used: '0.00', remaining: '0.00' } });
    const noTerm = await api().get('/api/budgets/download?type=termly&year=2026').set(h.as('admin')).expect(400);
    expect(noTerm.body.errors).toEqual([{ path: 'quarter', message: 'Term is required' }]);
    await api().get('/api/budgets/download?type=monthly&year=2026').set(h.as('admin')).expect(400);
    await api().get('/api/budgets/download?type=yearly&year=2026').set(h.as('beneficiary')).expect(403);
  });
});

describe('Sync with Expenses', () => {
  it('recomputes every used amount from the expenses, for admin and superadmin; a viewer writes nothing (403)', async () => {
    await h.sql(`UPDATE budgets SET used_amount = 999`);
    const refused = await api().post('/api/budgets/recalculate').set(h.as('viewer')).expect(403);
    expect(refused.body.message).toBe('Forbidden');
    await api().post('/api/budgets/recalculate').set(h.as('beneficiary')).expect(403);
    const untouched = (await api().get('/api/budgets').set(h.as('viewer')).expect(200)).body;
    expect(untouched.map((b: { usedAmount: string }) => b.usedAmount)).toEqual([
      '999.00',
      '999.00',
      '999.00',
      '999.00',
    ]);
    const res = await api().post('/api/budgets/recalculate').set(h.as('admin')).expect(200);
    expect(res.body).toEqual({ message: 'Budget amounts recalculated from actual expenses', updated: 4 });
    const budgets = (await api().get('/api/budgets').set(h.as('viewer')).expect(200)).body;
    expect(budgets.map((b: { usedAmount: string }) => b.usedAmount)).toEqual(['3000.30', '300.00', '400.00', '50.00']);
    const again = await api().post('/api/budgets/recalculate').set(h.as('superadmin')).expect(200);
    expect(again.body.updated).toBe(0);
  });
});

describe('a chosen year and month', () => {
  it('lists a 2025 budget when 2025 is asked, with its used amount from 2025’s expenses, and nothing of 2026', async () => {
    await create({ quarter: 'Term 1', year: 2025, category: 'health', plannedAmount: 700, notes: 'Clinic' }).expect(
      201,
    );
    const res = await api().get('/api/budgets').query({ year: '2025' }).set(h.as('viewer')).expect(200);
    expect(
      res.body.map(
        (b: { year: number; quarter: string; category: string; usedAmount: string }) =>
          `${b.year} ${b.quarter} ${b.category} ${b.usedAmount}`,
      ),
    ).toEqual(['2025 Term 1 school_fees 50.00', '2025 Term 1 health 0.00']);
    const none = await api().get('/api/budgets').query({ year: '2021' }).set(h.as('viewer')).expect(200);
    expect(none.body).toEqual([]);
  });

  it('answers the annual report of 2025 with 2025’s budgets and totals', async () => {
    const res = await api()
      .get('/api/budgets/download')
      .query({ type: 'yearly', year: '2025' })
      .set(h.as('viewer'))
      .expect(200);
    expect(res.body).toMatchObject({
      type: 'yearly',
      year: 2025,
      quarter: null,
      totals: { planned: '800.00', used: '50.00', remaining: '750.00' },
    });
    expect(res.body.budgets.map((b: { year: number }) => b.year)).toEqual([2025, 2025]);
  });

  it('gives the Monthly Report of any month asked, and records it as that month’s export', async () => {
    const report = await api().get('/api/reports/monthly').query({ month: '2025-03' }).set(h.as('viewer')).expect(200);
    expect(report.body).toMatchObject({
      month: '2025-03',
      income: { total: '0.00', count: 0, bySource: [] },
      expenses: { total: '50.00', count: 1, byCategory: [{ category: 'school_fees', total: '50.00', count: 1 }] },
      net: '-50.00',
    });
    const [entry] = await h.sql<{ details: unknown }>(
      `SELECT details FROM audit_entries WHERE entity_type = 'monthly-report' AND entity_id = '2025-03' ORDER BY seq DESC LIMIT 1`,
    );
    expect(entry.details).toEqual({ month: '2025-03', income: 0, expenses: 1 });
  });
});

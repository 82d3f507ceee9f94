import request from 'supertest';
import type { FinanceTransaction } from '@kcf/contracts';
import { pageStatement } from '../src/transactions/transaction-list-sql';
import { startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
const api = () => request(h.url);

/** [type, amount, date, source or description, category]: entered in this order, one second apart. */
const SEED: Array<[FinanceTransaction['type'], string, string, string, string?]> = [
  ['income', '90000', '2026-09-01', 'CDF bursary'],
  ['income', '5000', '2026-10-03', 'St. Peter Church partners'],
  ['expense', '1200', '2026-10-03', 'Exercise books for Term 3', 'school_fees'],
  ['expense', '800', '2026-10-05', 'Clinic visit', 'health'],
  ['income', '800', '2026-10-05', 'Harambee 50% match'],
  ['expense', '800', '2026-10-20', 'Bank charges', 'admin'],
  ['expense', '300', '2026-11-02', 'Tuition top-up', 'school_fees'],
];

beforeAll(async () => {
  // The 5th of November: the records the tests add are dated up to the 4th, and none may be dated after today.
  h = await startFinance({ clock: new Date('2026-11-05T08:00:00Z') });
  for (const [type, amount, date, text, category] of SEED) {
    if (type === 'income')
      await api()
        .post('/api/income')
        .set(h.as('admin'))
        .send({ amount, source: text, date, remarks: text === 'CDF bursary' ? 'Kakamega ward' : '' })
        .expect(201);
    else
      await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .field('amount', amount)
        .field('category', category!)
        .field('date', date)
        .field('description', text)
        .expect(201);
    h.clock.advance(1000);
  }
});
afterAll(async () => {
  await h?.stop();
});

type Row = { type: string; amount: string; date: string; text: string };
const rowsOf = (body: FinanceTransaction[]): Row[] =>
  body.map((t) => ({
    type: t.type,
    amount: t.record.amount,
    date: t.record.date,
    text: t.type === 'income' ? t.record.source : t.record.description,
  }));
const list = (query: Record<string, string>, role: 'viewer' | 'admin' = 'viewer') =>
  api().get('/api/transactions').query(query).set(h.as(role));
const texts = async (query: Record<string, string>) => {
  const res = await list(query).expect(200);
  return { texts: rowsOf(res.body).map((r) => r.text), total: Number(res.headers['x-total-count']) };
};

describe('GET /api/transactions', () => {
  it('lists income and expenses together, newest date first then newest entry, each record as its own list answers it', async () => {
    const res = await list({}).expect(200);
    expect(rowsOf(res.body)).toEqual([
      { type: 'expense', amount: '300.00', date: '2026-11-02', text: 'Tuition top-up' },
      { type: 'expense', amount: '800.00', date: '2026-10-20', text: 'Bank charges' },
      { type: 'income', amount: '800.00', date: '2026-10-05', text: 'Harambee 50% match' },
      { type: 'expense', amount: '800.00', date: '2026-10-05', text: 'Clinic visit' },
      { type: 'expense', amount: '1200.00', date: '2026-10-03', text: 'Exercise books for Term 3' },
      { type: 'income', amount: '5000.00', date: '2026-10-03', text: 'St. Peter Church partners' },
      { type: 'income', amount: '90000.00', date: '2026-09-01', text: 'CDF bursary' },
    ]);
    expect(res.headers['x-total-count']).toBe('7');
    const income = (await api().get('/api/income').set(h.as('viewer')).expect(200)).body;
    const expenses = (await api().get('/api/expenses').set(h.as('viewer')).expect(200)).body;
    for (const t of res.body as FinanceTransaction[]) {
      expect(t.record).toEqual(
        (t.type === 'income' ? income : expenses).find((r: { id: string }) => r.id === t.record.id),
      );
    }
  });

  it('filters by type and by date range (inclusive), with the total of the filter', async () => {
    expect(await texts({ type: 'income' })).toEqual({
      texts: ['Harambee 50% match', 'St. Peter Church partners', 'CDF bursary'],
      total: 3,
    });
    expect(await texts({ type: 'all', from: '2026-10-05', to: '2026-10-20' })).toEqual({
      texts: ['Bank charges', 'Harambee 50% match', 'Clinic visit'],
      total: 3,
    });
    expect(await texts({ type: 'expense', from: '2026-10-01', to: '2026-10-31', limit: '1' })).toEqual({
      texts: ['Bank charges'],
      total: 3,
    });
    expect(await texts({ from: '2025-01-01', to: '2025-12-31' })).toEqual({ texts: [], total: 0 });
  });

  it('searches an income’s source and remarks, an expense’s description and category, case-insensitively and literally', async () => {
    expect(await texts({ search: 'CHURCH' })).toEqual({ texts: ['St. Peter Church partners'], total: 1 });
    expect(await texts({ search: 'kakamega' })).toEqual({ texts: ['CDF bursary'], total: 1 });
    expect(await texts({ search: 'school fees' })).toEqual({
      texts: ['Tuition top-up', 'Exercise books for Term 3'],
      total: 2,
    });
    expect(await texts({ search: 'term 3', type: 'expense' })).toEqual({
      texts: ['Exercise books for Term 3'],
      total: 1,
    });
    expect(await texts({ search: '50%' })).toEqual({ texts: ['Harambee 50% match'], total: 1 });
    expect(await texts({ search: '_' })).toEqual({ texts: [], total: 0 });
    expect(await texts({ search: 'nothing like this' })).toEqual({ texts: [], total: 0 });
  });

  it('sorts by amount either way, equal amounts by entry, then type and id in the same direction', async () => {
    const desc = rowsOf((await list({ sort: 'amount', dir: 'desc' }).expect(200)).body);
    expect(desc.map((r) => `${r.amount} ${r.text}`)).toEqual([
      '90000.00 CDF bursary',
      '5000.00 St. Peter Church partners',
      '1200.00 Exercise books for Term 3',
      '800.00 Bank charges',
      '800.00 Harambee 50% match',
      '800.00 Clinic visit',
      '300.00 Tuition top-up',
    ]);
    const asc = rowsOf((await list({ sort: 'amount', dir: 'asc' }).expect(200)).body);
    expect(asc).toEqual([...desc].reverse());
    const oldest = rowsOf((await list({ dir: 'asc' }).expect(200)).body);
    expect(oldest.map((r) => r.text)).toEqual([
      'CDF bursary',
      'St. Peter Church partners',
      'Exercise books for Term 3',
      'Clinic visit',
      'Harambee 50% match',
      'Bank charges',
      'Tuition top-up',
    ]);
  });

  it('pages without overlap or gap in every order, ties included', async () => {
    for (const order of [{}, { dir: 'asc' }, { sort: 'amount' }, { sort: 'amount', dir: 'asc' }]) {
      const whole = (await list({ ...order, limit: '500' }).expect(200)).body as FinanceTransaction[];
      const paged: FinanceTransaction[] = [];
      for (let offset = 0; offset < whole.length + 2; offset += 2) {
        const res = await list({ ...order, limit: '2', offset: String(offset) }).expect(200);
        expect(res.headers['x-total-count']).toBe('7');
        paged.push(...res.body);
      }
      expect(paged.map((t) => t.record.id)).toEqual(whole.map((t) => t.record.id));
      expect(new Set(paged.map((t) => t.record.id)).size).toBe(7);
    }
  });

  it('refuses bad parameters with a 400 naming each, and changes nothing', async () => {
    const res = await list({
      type: 'gift',
      sort: 'description',
      dir: 'up',
      limit: '0',
      offset: '-1',
      from: '2026-02-30',
      search: 'x'.repeat(101),
    }).expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'type', message: 'Type must be income or expense' },
        { path: 'sort', message: 'Sort must be one of: date, amount' },
        { path: 'dir', message: 'Direction must be asc or desc' },
        { path: 'limit', message: 'Limit must be between 1 and 500' },
        { path: 'offset', message: 'Offset must be 0 or more' },
        { path: 'from', message: 'From must be a valid date (YYYY-MM-DD)' },
        { path: 'search', message: 'Search must be 100 characters or less' },
      ]),
    );
    expect(res.body.errors).toHaveLength(7);
    const range = await list({ from: '2026-11-01', to: '2026-10-01' }).expect(400);
    expect(range.body.message).toBe('From must not be after To');
  });

  it('is for staff who may read finances, as the income and expenses lists are', async () => {
    await list({}, 'admin').expect(200);
    await api().get('/api/transactions').set(h.as('superadmin')).expect(200);
    await api()
      .get('/api/transactions')
      .set(h.as('beneficiary', { beneficiaryId: 'KCF-000001' }))
      .expect(403);
    await api()
      .get('/api/transactions')
      .set(h.as('admin', { mustChangePassword: true }))
      .expect(403);
    await api().get('/api/transactions').expect(401);
  });

  it("shows an expense with its child and receipt as the expense's own answer, and its income as the income's", async () => {
    h.others.beneficiaries.add('KCF-000042');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const expense = (
      await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .field('amount', '2450.50')
        .field('category', 'health')
        .field('date', '2026-11-04')
        .field('description', 'Hearing aid for a child')
        .field('beneficiaryId', 'KCF-000042')
        .attach('receipt', pdf, 'receipt.pdf')
        .expect(201)
    ).body;
    expect(expense.receiptUrl).toBe(`/api/expenses/${expense.id}/receipt`);
    const income = (
      await api()
        .post('/api/income')
        .set(h.as('admin'))
        .send({ amount: '1234.5', source: 'Hearing aid appeal', date: '2026-11-04', remarks: 'Rotary "hear" fund' })
        .expect(201)
    ).body;
    const listed = (await list({ search: 'hearing' }).expect(200)).body as FinanceTransaction[];
    expect(listed).toEqual([
      { type: 'income', record: (await api().get(`/api/income/${income.id}`).set(h.as('viewer')).expect(200)).body },
      {
        type: 'expense',
        record: (await api().get(`/api/expenses/${expense.id}`).set(h.as('viewer')).expect(200)).body,
      },
    ]);
    expect(listed[1].record).toMatchObject({ beneficiaryId: 'KCF-000042', amount: '2450.50' });
    await api().delete(`/api/expenses/${expense.id}`).set(h.as('superadmin')).expect(204);
    await api().delete(`/api/income/${income.id}`).set(h.as('superadmin')).expect(204);
  });

  it('pages past the last record: no records, and the number of all matches', async () => {
    const past = await list({ search: 'clinic', offset: '40' }).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('1');
  });

  it('counts afresh after every change: an income or expense added, changed or deleted', async () => {
    const count = async (query: Record<string, string>) => (await list(query).expect(200)).headers['x-total-count'];
    // Read twice, so each answer could come from what was counted before.
    expect(await count({ search: 'goats' })).toBe('0');
    expect(await count({ search: 'goats' })).toBe('0');
    const income = (
      await api()
        .post('/api/income')
        .set(h.as('admin'))
        .send({ amount: '700', source: 'Goats sold', date: '2026-11-03', remarks: '' })
        .expect(201)
    ).body;
    expect(await count({ search: 'goats' })).toBe('1');
    const expense = (
      await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .field('amount', '100')
        .field('category', 'other')
        .field('date', '2026-11-03')
        .field('description', 'Goats dewormed')
        .expect(201)
    ).body;
    expect(await count({ search: 'goats' })).toBe('2');
    await api()
      .put(`/api/income/${income.id}`)
      .set(h.as('admin'))
      .send({ amount: '700', source: 'Sheep sold', date: '2026-11-03', remarks: '' })
      .expect(200);
    expect(await count({ search: 'goats' })).toBe('1');
    await api().delete(`/api/expenses/${expense.id}`).set(h.as('superadmin')).expect(204);
    expect(await count({ search: 'goats' })).toBe('0');
    await api().delete(`/api/income/${income.id}`).set(h.as('superadmin')).expect(204);
    expect(await count({ search: 'sheep' })).toBe('0');
  });

  it("plans a page at the cost of its rows, whatever the statistics of the list's version table", async () => {
    // The version table is one row that no statistics describe until it is analysed; the page must not be
    // planned as if it held thousands (which multiplied the estimate past the JIT threshold, 300 ms a page).
    const literal = (v: unknown) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v)}'`);
    const params = [null, null, null, '%clinic%', 50, 0];
    for (const counted of [false, true]) {
      const text = pageStatement({ sort: 'date', dir: 'desc' }, counted).replace(/\$(\d)/g, (_m, d: string) =>
        literal(params[Number(d) - 1]),
      );
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = await h.sql(`EXPLAIN (FORMAT JSON) ${text}`);
      expect(plan.Plan['Plan Rows']).toBeLessThanOrEqual(50);
      expect(plan.Plan['Total Cost']).toBeLessThan(10_000);
    }
    // The search reads each table's stored search text through its trigram index.
    await h.sql('SET enable_seqscan = off');
    try {
      const text = pageStatement({ sort: 'date', dir: 'desc' }, true).replace(/\$(\d)/g, (_m, d: string) =>
        literal(params[Number(d) - 1]),
      );
      const plan = JSON.stringify(await h.sql(`EXPLAIN (FORMAT JSON) ${text}`));
      expect(plan).toMatch(/income_search_trgm/);
      expect(plan).toMatch(/expenses_search_trgm/);
      expect(plan).toMatch(/search_text ~~ '%clinic%'/);
    } finally {
      await h.sql('SET enable_seqscan = on');
    }
  });

  it('reads the date order from the date indexes and the amount order from the amount indexes', async () => {
    const plan = async (order: string) =>
      JSON.stringify(
        await h.sql(`EXPLAIN (FORMAT JSON) SELECT t.id FROM (
          SELECT 'income'::text AS type, i.id, i.date, i.amount, i.created_at FROM income i
          UNION ALL SELECT 'expense'::text, e.id, e.date, e.amount, e.created_at FROM expenses e) t ${order} LIMIT 50`),
      );
    await h.sql('SET enable_seqscan = off');
    expect(await plan('ORDER BY t.date DESC, t.created_at DESC, t.type DESC, t.id DESC')).toMatch(
      /Merge Append.*income_date_idx.*expenses_date_idx/s,
    );
    expect(await plan('ORDER BY t.amount ASC, t.created_at ASC, t.type ASC, t.id ASC')).toMatch(
      /Merge Append.*income_amount_idx.*expenses_amount_idx/s,
    );
  });
});

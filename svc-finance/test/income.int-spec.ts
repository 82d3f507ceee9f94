import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);

/** Income as the screen sends it: multipart form fields. */
const postIncome = (
  fields: Record<string, string>,
  role: 'admin' | 'superadmin' | 'viewer' | 'beneficiary' = 'admin',
) => {
  const req = api().post('/api/income').set(h.as(role));
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return req;
};

describe('income', () => {
  it('records a donation sent as multipart and answers it with two-place decimals and its creator', async () => {
    const res = await postIncome({
      amount: '25000',
      source: 'St. Peter Church partners',
      date: '2026-10-05',
      remarks: 'Term 3 appeal',
    }).expect(201);
    expect(res.body).toMatchObject({
      amount: '25000.00',
      source: 'St. Peter Church partners',
      date: '2026-10-05',
      remarks: 'Term 3 appeal',
      createdBy: 'u-admin',
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    const again = await api().get(`/api/income/${res.body.id}`).set(h.as('viewer')).expect(200);
    expect(again.body).toEqual(res.body);
  });

  it('accepts JSON too, with remarks optional', async () => {
    const res = await api()
      .post('/api/income')
      .set(h.as('superadmin'))
      .send({ amount: 1500.5, source: 'Well-wisher', date: '2026-10-06' })
      .expect(201);
    expect(res.body).toMatchObject({ amount: '1500.50', remarks: null, createdBy: 'u-super' });
  });

  it('answers the product’s messages for missing fields', async () => {
    const res = await postIncome({ amount: '', source: ' ', date: '' }).expect(400);
    expect(res.body.errors).toEqual([
      { path: 'amount', message: 'Amount is required' },
      { path: 'source', message: 'Source is required' },
      { path: 'date', message: 'Date is required' },
    ]);
    expect(res.body.message).toBe('Amount is required');
  });

  it('refuses amounts that are not positive, have more than two places or do not fit', async () => {
    for (const amount of ['-5', '0', 'abc']) {
      const res = await postIncome({ amount, source: 'x', date: '2026-10-01' }).expect(400);
      expect(res.body.errors[0]).toEqual({ path: 'amount', message: 'Amount must be a positive number' });
    }
    const precise = await postIncome({ amount: '10.555', source: 'x', date: '2026-10-01' }).expect(400);
    expect(precise.body.errors[0]).toEqual({ path: 'amount', message: 'Amount must have at most 2 decimal places' });
    const big = await postIncome({ amount: '1000000000000', source: 'x', date: '2026-10-01' }).expect(400);
    expect(big.body.message).toBe('Amount must be at most 999,999,999,999.99');
  });

  it('refuses a date that does not exist', async () => {
    const res = await postIncome({ amount: '10', source: 'x', date: '2026-02-30' }).expect(400);
    expect(res.body.errors).toEqual([{ path: 'date', message: 'Date must be a valid date (YYYY-MM-DD)' }]);
  });

  it('refuses a file in an income form', async () => {
    const res = await api()
      .post('/api/income')
      .set(h.as('admin'))
      .field('amount', '10')
      .field('source', 'x')
      .field('date', '2026-10-01')
      .attach('receipt', Buffer.from('%PDF-1.4'), 'r.pdf');
    expect(res.status).toBe(400);
  });

  it('updates every field (admin) and answers 404 for an unknown id', async () => {
    const created = (await postIncome({ amount: '300', source: 'Harambee', date: '2026-09-01' }).expect(201)).body;
    const res = await api()
      .put(`/api/income/${created.id}`)
      .set(h.as('admin'))
      .field('amount', '350.25')
      .field('source', 'Harambee fundraiser')
      .field('date', '2026-09-02')
      .field('remarks', '')
      .expect(200);
    expect(res.body).toMatchObject({
      id: created.id,
      amount: '350.25',
      source: 'Harambee fundraiser',
      date: '2026-09-02',
      remarks: null,
      createdBy: 'u-admin',
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    await api()
      .put('/api/income/5b0c7a10-0000-4000-8000-000000000000')
      .set(h.as('admin'))
      .send({ amount: '1', source: 'x', date: '2026-01-01' })
      .expect(404);
    await api()
      .put('/api/income/not-an-id')
      .set(h.as('admin'))
      .send({ amount: '1', source: 'x', date: '2026-01-01' })
      .expect(404);
    await api().get('/api/income/not-an-id').set(h.as('admin')).expect(404);
  });

  it('lets only a superadmin delete, then the entry is gone', async () => {
    const created = (await postIncome({ amount: '40', source: 'Bake sale', date: '2026-08-01' }).expect(201)).body;
    const forbidden = await api().delete(`/api/income/${created.id}`).set(h.as('admin')).expect(403);
    expect(forbidden.body.message).toBe('Forbidden');
    await api().delete(`/api/income/${created.id}`).set(h.as('superadmin')).expect(204);
    await api().get(`/api/income/${created.id}`).set(h.as('admin')).expect(404);
    await api().delete(`/api/income/${created.id}`).set(h.as('superadmin')).expect(404);
  });

  it('keeps viewers and beneficiaries to what they may do', async () => {
    await postIncome({ amount: '1', source: 'x', date: '2026-01-01' }, 'viewer').expect(403);
    await api().get('/api/income').set(h.as('viewer')).expect(200);
    await api()
      .get('/api/income')
      .set(h.as('beneficiary', { beneficiaryId: 'KCF-000001' }))
      .expect(403);
    await api().get('/api/income').expect(401);
    await api()
      .get('/api/income')
      .set(h.as('admin', { mustChangePassword: true }))
      .expect(403);
  });
});

describe('income list', () => {
  beforeAll(async () => {
    await h.sql('DELETE FROM income');
    // The last of November: every date below has come.
    h.clock.set(new Date('2026-11-30T08:00:00Z'));
    for (const [amount, date] of [
      ['100', '2025-12-31'],
      ['200', '2026-11-01'],
      ['300', '2026-01-15'],
      ['400', '2026-11-30'],
      ['500', '2026-11-01'],
    ]) {
      await postIncome({ amount, source: `Donor ${amount}`, date }).expect(201);
      // Entry times are the service clock's: a later entry is a newer one.
      h.clock.advance(1000);
    }
  });

  it('sorts by date, newest first, then newest entry, and gives the total in X-Total-Count', async () => {
    const res = await api().get('/api/income').set(h.as('viewer')).expect(200);
    expect(res.body.map((i: { amount: string }) => i.amount)).toEqual([
      '400.00',
      '500.00',
      '200.00',
      '300.00',
      '100.00',
    ]);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('pages with limit and offset', async () => {
    const res = await api().get('/api/income?limit=2&offset=1').set(h.as('viewer')).expect(200);
    expect(res.body.map((i: { amount: string }) => i.amount)).toEqual(['500.00', '200.00']);
    expect(res.headers['x-total-count']).toBe('5');
    const beyond = await api().get('/api/income?limit=2&offset=10').set(h.as('viewer')).expect(200);
    expect(beyond.body).toEqual([]);
  });

  it('filters a month for the monthly report', async () => {
    const res = await api().get('/api/income?from=2026-11-01&to=2026-11-30').set(h.as('viewer')).expect(200);
    expect(res.body.map((i: { amount: string }) => i.amount)).toEqual(['400.00', '500.00', '200.00']);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('refuses a bad page or range with a 400', async () => {
    const res = await api().get('/api/income?limit=0&from=2026-13-01').set(h.as('viewer')).expect(400);
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['from', 'limit']);
  });
});

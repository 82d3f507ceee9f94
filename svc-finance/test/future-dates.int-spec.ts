import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

/**
 * Money received or spent has a date that has come: today on the service's clock, read in Nairobi, or earlier.
 * A Monthly Report is made only for a month that has begun.
 */
let h: FinanceHarness;
// 2 November 2026, 11:00 in Nairobi.
const TODAY = new Date('2026-11-02T08:00:00Z');
beforeAll(async () => {
  h = await startFinance({ clock: TODAY });
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '100000', source: 'CDF bursary', date: '2026-10-01' })
    .expect(201);
});
afterAll(async () => {
  await h?.stop();
});
afterEach(() => h.clock.set(TODAY));

const api = () => request(h.url);
const FUTURE = [{ path: 'date', message: 'Date cannot be in the future' }];

function form(method: 'post' | 'put', path: string, fields: Record<string, string>) {
  const req = api()[method](path).set(h.as('admin'));
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return req;
}

describe('income dated after today', () => {
  it('is refused with the field named, on create and on update; today is taken', async () => {
    expect(
      (await form('post', '/api/income', { amount: '500', source: 'Harambee', date: '2027-06-01' }).expect(400)).body
        .errors,
    ).toEqual(FUTURE);
    expect(
      (await form('post', '/api/income', { amount: '500', source: 'Harambee', date: '2026-11-03' }).expect(400)).body
        .errors,
    ).toEqual(FUTURE);
    const income = (
      await form('post', '/api/income', { amount: '500', source: 'Harambee', date: '2026-11-02' }).expect(201)
    ).body;
    expect(
      (
        await form('put', `/api/income/${income.id}`, { amount: '500', source: 'Harambee', date: '2026-12-25' }).expect(
          400,
        )
      ).body.errors,
    ).toEqual(FUTURE);
    expect(await h.sql(`SELECT date::text FROM income WHERE id = $1`, [income.id])).toEqual([{ date: '2026-11-02' }]);
  });

  it("follows the service's clock in Nairobi: at 21:30 UTC the 3rd has begun there", async () => {
    await form('post', '/api/income', { amount: '600', source: 'Late harambee', date: '2026-11-03' }).expect(400);
    h.clock.set(new Date('2026-11-02T21:30:00Z'));
    await form('post', '/api/income', { amount: '600', source: 'Late harambee', date: '2026-11-03' }).expect(201);
  });
});

describe('expenses dated after today', () => {
  it('are refused with the field named, on create and on update; today is taken', async () => {
    const fields = { amount: '300', category: 'health', description: 'Clinic visit', beneficiaryId: 'none' };
    expect((await form('post', '/api/expenses', { ...fields, date: '2026-11-30' }).expect(400)).body.errors).toEqual(
      FUTURE,
    );
    const expense = (await form('post', '/api/expenses', { ...fields, date: '2026-11-02' }).expect(201)).body;
    expect(
      (await form('put', `/api/expenses/${expense.id}`, { ...fields, date: '2027-01-01' }).expect(400)).body.errors,
    ).toEqual(FUTURE);
  });
});

describe('a Monthly Report', () => {
  const report = (month: string) => api().get('/api/reports/monthly').query({ month }).set(h.as('viewer'));

  it('for a month that has not begun is refused with a clear message, and no export is recorded', async () => {
    const before = await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE entity_type = 'monthly-report'`);
    for (const month of ['2026-12', '2027-01']) {
      const refused = await report(month).expect(400);
      expect(refused.body.errors).toEqual([
        { path: 'month', message: 'A monthly report can only be made for this month or an earlier one' },
      ]);
    }
    expect(await h.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE entity_type = 'monthly-report'`)).toEqual(
      before,
    );
  });

  it('for this month or an earlier one is made', async () => {
    await report('2026-11').expect(200);
    await report('2026-10').expect(200);
  });
});

import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

/**
 * A value the contract's schema lets through but PostgreSQL refuses (SQLSTATE class 22) is the client's
 * mistake: 400 naming its field, never a 500, and nothing is stored. Here a date of year 0: a day of the
 * calendar that the form's date may name and PostgreSQL's date cannot hold.
 */
let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance({ clock: new Date('2026-11-02T08:00:00Z') });
});
afterAll(async () => {
  await h?.stop();
});

it('answers an income dated in a year PostgreSQL cannot hold with 400 naming the field, and stores nothing', async () => {
  const res = await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '1500', source: 'Church partners', date: '0000-01-01' });
  expect({ status: res.status, message: res.body.message, errors: res.body.errors }).toEqual({
    status: 400,
    message: 'A value is out of range',
    errors: [{ path: 'date', message: 'A value is out of range' }],
  });
  expect(await h.sql('SELECT id FROM income')).toEqual([]);
});

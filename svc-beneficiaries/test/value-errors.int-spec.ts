import request from 'supertest';
import { as, childForm, startBeneficiaries, type Harness } from './harness';

/**
 * A value the contract's schema lets through but PostgreSQL refuses (SQLSTATE class 22) is the client's
 * mistake: 400 naming its field, never a 500, and nothing is stored. Here a date of birth in year 0: a day
 * of the calendar that the form's date may name and PostgreSQL's date cannot hold.
 */
let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

it('answers a child born in a year PostgreSQL cannot hold with 400 naming the field, and stores nothing', async () => {
  const req = request(h.url).post('/api/beneficiaries').set(as('admin'));
  for (const [key, value] of Object.entries(childForm({ dateOfBirth: '0000-01-01' }))) req.field(key, value);
  const res = await req;
  expect({ status: res.status, message: res.body.message, errors: res.body.errors }).toEqual({
    status: 400,
    message: 'A value is out of range',
    errors: [{ path: 'dateOfBirth', message: 'A value is out of range' }],
  });
  expect(await h.sql('SELECT id FROM beneficiaries')).toEqual([]);
});

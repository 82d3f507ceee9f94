import request from 'supertest';
import { asSystem, startIdentity, type IdentityHarness } from './identity-harness';

/**
 * A value the contract's schema lets through but PostgreSQL refuses (SQLSTATE class 22) is the client's
 * mistake: 400 naming its field, never a 500 (nor, at the gateway, a 502). Here a time of year 0, which an ISO
 * timestamp may name and PostgreSQL's timestamptz cannot hold, as the start of a page of the audit trail.
 */
let h: IdentityHarness;

beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

it('answers a time PostgreSQL cannot hold with 400 naming the field', async () => {
  const res = await request(h.url)
    .get('/internal/audit')
    .query({ from: '0000-01-01T00:00:00Z', limit: '10' })
    .set(asSystem());
  expect({ status: res.status, message: res.body.message, errors: res.body.errors }).toEqual({
    status: 400,
    message: 'A value is out of range',
    errors: [{ path: 'from', message: 'A value is out of range' }],
  });
});

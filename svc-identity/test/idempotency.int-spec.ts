import request from 'supertest';
import { asRoot, startIdentity, type IdentityHarness } from './identity-harness';

let h: IdentityHarness;
let root: Record<string, string>;
beforeAll(async () => {
  h = await startIdentity();
  root = await asRoot(h);
});
afterAll(async () => {
  await h?.stop();
});

const newUser = (username: string) => ({
  firstName: 'Once',
  lastName: 'Only',
  username,
  password: 'Temp!pass1',
  role: 'viewer',
});
const createWithKey = (key: string, body: object) =>
  request(h.url).post('/api/users').set(root).set('Idempotency-Key', key).send(body);

describe('Idempotency-Key on POST /api/users', () => {
  it('creates the user once: the repeat gets the same answer, marked as replayed', async () => {
    const first = await createWithKey('create-once-1', newUser('once')).expect(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(first.body).toMatchObject({ username: 'once', mustChangePassword: true });

    const repeat = await createWithKey('create-once-1', newUser('once')).expect(201);
    expect(repeat.headers['idempotency-replayed']).toBe('true');
    expect(repeat.body).toEqual(first.body);

    const users = await request(h.url).get('/api/users').set(root).expect(200);
    expect(users.body.filter((u: { username: string }) => u.username === 'once')).toHaveLength(1);
    // Without the key the same request really runs again, and meets the first user.
    await request(h.url).post('/api/users').set(root).send(newUser('once')).expect(409);
  });

  it('refuses the same key with other content (422) and creates nothing for it', async () => {
    await createWithKey('create-once-2', newUser('keyed')).expect(201);
    const other = await createWithKey('create-once-2', newUser('other')).expect(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
    const users = await request(h.url).get('/api/users').set(root).expect(200);
    expect(users.body.some((u: { username: string }) => u.username === 'other')).toBe(false);
  });

  it('frees the key of a request that failed, so a corrected repeat does the work', async () => {
    await createWithKey('create-once-3', newUser('once')).expect(409);
    const fixed = await createWithKey('create-once-3', newUser('fixed')).expect(201);
    expect(fixed.headers['idempotency-replayed']).toBeUndefined();
    expect(fixed.body.username).toBe('fixed');
  });
});

import request from 'supertest';
import { InProcessEventBus } from '@kcf/server-kit';
import { startIdentityService } from '../src';
import {
  ADMIN,
  asRoot,
  contextFor,
  createActiveUser,
  login,
  startIdentity,
  type IdentityHarness,
} from './identity-harness';

const MINUTE = 60_000;
const wrong = (username: string, from = '203.0.113.7') =>
  request(h.url).post('/api/login/local').set('X-Forwarded-For', from).send({ username, password: 'Wrong!Pass1' });
const right = (username: string, password: string, from = '203.0.113.7') =>
  request(h.url).post('/api/login/local').set('X-Forwarded-For', from).send({ username, password });

/** `n` failed sign-ins at once (each costs an argon2 verification); every one answers 401. */
async function failTimes(n: number, username: (i: number) => string, from?: string): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: n }, (_, i) => wrong(username(i), from).then((r) => r.status)),
  );
  expect(statuses).toEqual(Array(n).fill(401));
}

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity({ LOGIN_MAX_FAILURES_PER_ADDRESS: '25' });
});
afterAll(async () => {
  await h?.stop();
});

describe('brute force: 10 failures for one username within 15 minutes', () => {
  it('answers 429 afterwards, even to the right password, then lets it in when the lock ends', async () => {
    await failTimes(10, () => 'ROOT ');
    const locked = await right(ADMIN.username, ADMIN.password).expect(429);
    expect(locked.body.message).toBe('Too many attempts. Try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    // The lock counts for every address and ignores the username's case.
    await right('Root', ADMIN.password, '198.51.100.1').expect(429);

    h.clock.advance(14 * MINUTE);
    const later = await right(ADMIN.username, ADMIN.password).expect(429);
    expect(later.body.message).toBe('Too many attempts. Try again in 1 minute.');

    h.clock.advance(MINUTE + 1000);
    await right(ADMIN.username, ADMIN.password).expect(200);
  });

  it('does not count failures older than the window', async () => {
    await createActiveUser(h, await asRoot(h), { username: 'slow', password: 'Welcome1!' });
    await failTimes(9, () => 'slow');
    h.clock.advance(15 * MINUTE + 1000);
    await wrong('slow').expect(401);
    await right('slow', 'Welcome1!').expect(200);
  });

  it('forgets a username’s failures after a successful sign-in', async () => {
    await createActiveUser(h, await asRoot(h), { username: 'typo', password: 'Welcome1!' });
    await failTimes(9, () => 'typo');
    await right('typo', 'Welcome1!').expect(200);
    await failTimes(9, () => 'typo');
    await right('typo', 'Welcome1!').expect(200);
  });

  it('locks unknown usernames the same way (nothing tells them apart)', async () => {
    await failTimes(10, () => 'ghost', '192.0.2.55');
    const res = await wrong('ghost', '192.0.2.55').expect(429);
    expect(res.body.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });

  it('holds across processes: a second identity on the same database sees the lock', async () => {
    await failTimes(10, () => 'shared', '192.0.2.77');
    const bus = new InProcessEventBus();
    const other = await startIdentityService(h.config, { shutdownHooks: false, clock: h.clock, inProcessBus: bus });
    try {
      await request(other.url)
        .post('/api/login/local')
        .send({ username: 'shared', password: 'Wrong!Pass1' })
        .expect(429);
    } finally {
      await other.close();
      await bus.close();
    }
  });

  it('counts wrong current passwords on change-password, and refuses it while locked', async () => {
    await createActiveUser(h, await asRoot(h), { username: 'guess', password: 'Welcome1!' });
    const s = await login(h, 'guess', 'Welcome1!');
    const ctx = (await contextFor(h, s.token))!;
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(h.url)
          .put('/api/auth/change-password')
          .set(ctx)
          .send({ currentPassword: `Nope${i}!aA`, newPassword: 'Welcome2!' })
          .then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(400));
    await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: 'Welcome1!', newPassword: 'Welcome2!' })
      .expect(429);
    await right('guess', 'Welcome1!').expect(429);
  });
});

describe('brute force: a looser limit per address', () => {
  it('locks an address after many failures across usernames', async () => {
    const from = '198.51.100.99';
    await failTimes(25, (i) => `user${i % 5}`, from);
    const res = await right(ADMIN.username, ADMIN.password, from).expect(429);
    expect(res.body.message).toBe('Too many attempts. Try again in 15 minutes.');
    // Another address is not affected.
    await right(ADMIN.username, ADMIN.password, '198.51.100.100').expect(200);
  });
});

import request from 'supertest';
import {
  ADMIN,
  asRoot,
  contextFor,
  isAlive,
  login,
  sessionCookieOf,
  startIdentity,
  tokenOf,
  type IdentityHarness,
} from './identity-harness';

const MINUTE = 60_000;

describe('session lifetime (idle 5 minutes, absolute from config)', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    // Absolute lifetime of 12 minutes, so a session kept busy still ends without hours of clock moves.
    h = await startIdentity({ SESSION_ABSOLUTE_HOURS: String(12 / 60) });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('lives while used at least every 5 minutes and dies after 5 idle minutes', async () => {
    const s = await login(h, ADMIN.username, ADMIN.password);
    h.clock.advance(4 * MINUTE + 59_000);
    expect(await isAlive(h, s.token)).toBe(true);
    h.clock.advance(4 * MINUTE + 59_000);
    expect(await isAlive(h, s.token)).toBe(true);
    h.clock.advance(5 * MINUTE + 1000);
    expect(await isAlive(h, s.token)).toBe(false);
    // Dead for good, even if the clock could go back.
    h.clock.advance(-10 * MINUTE);
    expect(await isAlive(h, s.token)).toBe(false);
  });

  it('dies at the absolute lifetime even when used all along', async () => {
    const s = await login(h, ADMIN.username, ADMIN.password);
    for (let i = 0; i < 2; i++) {
      h.clock.advance(4 * MINUTE);
      expect(await isAlive(h, s.token)).toBe(true);
    }
    h.clock.advance(4 * MINUTE + 1000); // 12 min 1 s after sign-in, 4 min after last use
    expect(await isAlive(h, s.token)).toBe(false);
  });

  it('says the signed-out current user is 401 Unauthorized', async () => {
    const res = await request(h.url).get('/api/auth/user').expect(401);
    expect(res.body.message).toBe('Unauthorized');
  });
});

describe('session ids', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentity();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('rotates at every login and ends the session the browser brought along', async () => {
    const first = await login(h, ADMIN.username, ADMIN.password);
    const res = await request(h.url).post('/api/login/local').set('Cookie', first.cookie).send(ADMIN).expect(200);
    const second = tokenOf(sessionCookieOf(res));
    expect(second).not.toBe(first.token);
    expect(await isAlive(h, first.token)).toBe(false);
    expect(await isAlive(h, second)).toBe(true);
  });

  it('keeps ≥ 128 bits of randomness in an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await request(h.url).post('/api/login/local').send(ADMIN).expect(200);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i);
    expect(Buffer.from(tokenOf(sessionCookieOf(res)), 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('GET /api/logout ends the session and redirects to /', async () => {
    const s = await login(h, ADMIN.username, ADMIN.password);
    const res = await request(h.url).get('/api/logout').set('Cookie', s.cookie).expect(302);
    expect(res.headers.location).toBe('/');
    expect(await isAlive(h, s.token)).toBe(false);
  });

  it('stamps the sign-in as the user’s last activity', async () => {
    h.clock.advance(60 * MINUTE);
    await login(h, ADMIN.username, ADMIN.password);
    const root = await asRoot(h);
    const list = await request(h.url).get('/api/users').set(root).expect(200);
    const me = list.body.find((u: { username: string }) => u.username === ADMIN.username);
    expect(me.updatedAt).toBe(h.clock.now().toISOString());
  });

  it('resolves a session to the user the gateway signs for', async () => {
    const s = await login(h, ADMIN.username, ADMIN.password);
    const ctx = await contextFor(h, s.token);
    const me = await request(h.url).get('/api/auth/user').set(ctx!).expect(200);
    expect(me.body.username).toBe(ADMIN.username);
  });
});

describe('Secure cookies behind https', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentity({ PUBLIC_URL: 'https://kcf.example.org' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('marks the session cookie Secure', async () => {
    const res = await request(h.url).post('/api/login/local').send(ADMIN).expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/i);
  });
});

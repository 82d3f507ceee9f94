import request from 'supertest';
import { ADMIN, asSystem, asUser, startIdentity, type IdentityHarness } from './identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

const cookieOf = (res: request.Response): string => {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const c = raw.find((v) => v.startsWith('kcf_sid='));
  if (!c) throw new Error('no session cookie');
  return c;
};
const tokenOf = (cookie: string) => cookie.split(';')[0].slice('kcf_sid='.length);

describe('sign-in and sessions (minimal identity)', () => {
  it('creates the first superadmin and signs it in with an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await request(h.service.url).post('/api/login/local').send(ADMIN).expect(200);
    expect(res.body.user).toMatchObject({ username: ADMIN.username, role: 'superadmin', mustChangePassword: false });
    expect(res.body.user.passwordHash).toBeUndefined();
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(tokenOf(cookie).length).toBeGreaterThanOrEqual(22); // >= 128 bits
  });

  it('gives a new session id at every login', async () => {
    const a = tokenOf(cookieOf(await request(h.service.url).post('/api/login/local').send(ADMIN)));
    const b = tokenOf(cookieOf(await request(h.service.url).post('/api/login/local').send(ADMIN)));
    expect(a).not.toBe(b);
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await request(h.service.url)
      .post('/api/login/local')
      .send({ ...ADMIN, password: 'Wrong!Pass1' });
    const unknown = await request(h.service.url)
      .post('/api/login/local')
      .send({ username: 'nobody', password: 'Wrong!Pass1' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe('Invalid credentials');
    expect(unknown.body.message).toBe('Invalid credentials');
  });

  it('answers 400 with field errors to a badly shaped login', async () => {
    const res = await request(h.service.url).post('/api/login/local').send({ username: '' }).expect(400);
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect(typeof res.body.message).toBe('string');
  });

  it('resolves a session for the gateway, then lets it die after 5 idle minutes', async () => {
    const token = tokenOf(cookieOf(await request(h.service.url).post('/api/login/local').send(ADMIN)));
    const ok = await request(h.service.url)
      .post('/internal/sessions/resolve')
      .set(asSystem())
      .send({ sessionId: token })
      .expect(200);
    expect(ok.body.user.username).toBe(ADMIN.username);
    h.clock.advance(4 * 60_000);
    await request(h.service.url)
      .post('/internal/sessions/resolve')
      .set(asSystem())
      .send({ sessionId: token })
      .expect(200);
    h.clock.advance(5 * 60_000 + 1000);
    await request(h.service.url)
      .post('/internal/sessions/resolve')
      .set(asSystem())
      .send({ sessionId: token })
      .expect(401);
  });

  it('ends the session on logout', async () => {
    const cookie = cookieOf(await request(h.service.url).post('/api/login/local').send(ADMIN));
    await request(h.service.url).post('/api/logout/local').set('Cookie', cookie.split(';')[0]).expect(200);
    await request(h.service.url)
      .post('/internal/sessions/resolve')
      .set(asSystem())
      .send({ sessionId: tokenOf(cookie) })
      .expect(401);
  });
});

describe('the signed context is the only way in', () => {
  it('refuses a request without a valid signed context', async () => {
    const unsigned = await request(h.service.url).get('/api/auth/user').expect(401);
    expect(unsigned.body.message).toBe('Unauthorized');
    await request(h.service.url)
      .get('/api/auth/user')
      .set({ 'x-kcf-user': 'e30', 'x-kcf-signature': 'forged' })
      .expect(401);
    await request(h.service.url).post('/internal/sessions/resolve').send({ sessionId: 'x' }).expect(401);
  });

  it('keeps internal routes for system callers', async () => {
    const login = await request(h.service.url).post('/api/login/local').send(ADMIN);
    const res = await request(h.service.url)
      .post('/internal/sessions/resolve')
      .set(asUser({ userId: login.body.user.id, role: 'superadmin' }))
      .send({ sessionId: 'x' })
      .expect(403);
    expect(res.body.message).toBe('Forbidden');
  });

  it('answers the current user to a valid context', async () => {
    const login = await request(h.service.url).post('/api/login/local').send(ADMIN);
    const me = await request(h.service.url)
      .get('/api/auth/user')
      .set(asUser({ userId: login.body.user.id, role: 'superadmin' }))
      .expect(200);
    expect(me.body).toMatchObject({ username: ADMIN.username, role: 'superadmin' });
  });

  it('answers an unknown /api route with a JSON 404 and a request id', async () => {
    const res = await request(h.service.url).get('/api/no-such-thing').expect(404);
    expect(res.body.message).toBe('Not found');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

import request from 'supertest';
import { asRoot, contextFor, createUser, startIdentity, type IdentityHarness } from './identity-harness';
import { CLIENT, createTestProvider, walkSignIn, type TestProvider } from './oidc-provider';

let idp: TestProvider;
let h: IdentityHarness;

beforeAll(async () => {
  idp = await createTestProvider({
    amina: { preferred_username: 'amina', email: 'amina@idp.example.org', email_verified: true },
    'g.otieno': { preferred_username: 'g.otieno', email: 'grace@example.org', email_verified: true },
    mallory: { preferred_username: 'mallory', email: 'mallory@idp.example.org', email_verified: true },
    eve: { preferred_username: 'eve', email: 'shared@example.org', email_verified: false },
    sleepy: { preferred_username: 'sleepy' },
  });
  h = await startIdentity({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret });
  await idp.start(`${h.url}/api/login/callback`);
  const root = await asRoot(h);
  await createUser(h, root, { username: 'amina', role: 'admin' });
  await createUser(h, root, { username: 'grace', email: 'Grace@Example.org' });
  await createUser(h, root, { username: 'eve2', email: 'shared@example.org' });
  const sleepy = await createUser(h, root, { username: 'sleepy' });
  await request(h.url).patch(`/api/users/${sleepy.id}/status`).set(root).send({ isActive: false }).expect(200);
});
afterAll(async () => {
  await h?.stop();
  await idp?.stop();
});

const sessionOf = (walk: Awaited<ReturnType<typeof walkSignIn>>) => walk.jar.get(new URL(h.url).origin, 'kcf_sid');

describe('sign-in through the OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const res = await request(h.url).get('/api/login').expect(302);
    const to = new URL(res.headers.location);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${h.url}/api/login/callback`);
    const pending = String(res.headers['set-cookie']);
    expect(pending).toMatch(/kcf_oidc=/);
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/Path=\/api\/login/);
  });

  it('signs a known provider user in as the matching local user (by username) and lands on /login (the shell goes on to their page)', async () => {
    const walk = await walkSignIn(h.url, 'amina');
    expect(walk.landedOn).toBe('/login');
    const token = sessionOf(walk);
    expect(token).toBeTruthy();
    const ctx = await contextFor(h, token!);
    const me = await request(h.url).get('/api/auth/user').set(ctx!).expect(200);
    expect(me.body).toMatchObject({ username: 'amina', role: 'admin' });
  });

  it('matches by verified email when the username differs', async () => {
    const walk = await walkSignIn(h.url, 'g.otieno');
    expect(walk.landedOn).toBe('/login');
    const ctx = await contextFor(h, sessionOf(walk)!);
    const me = await request(h.url).get('/api/auth/user').set(ctx!).expect(200);
    expect(me.body.username).toBe('grace');
  });

  it('refuses a provider user without a local account, an unverified email and an inactive user', async () => {
    for (const who of ['mallory', 'eve', 'sleepy']) {
      const walk = await walkSignIn(h.url, who);
      expect({ who, landedOn: walk.landedOn }).toEqual({ who, landedOn: '/login?error=no_account' });
      expect(sessionOf(walk)).toBeUndefined();
    }
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const first = await walkSignIn(h.url, 'amina');
    const firstToken = sessionOf(first)!;
    const second = await walkSignIn(h.url, 'amina', first.jar);
    const secondToken = sessionOf(second)!;
    expect(secondToken).not.toBe(firstToken);
    expect(await contextFor(h, firstToken)).toBeNull();
    expect(await contextFor(h, secondToken)).not.toBeNull();
  });

  it('refuses a callback without its pending sign-in, or with a forged state', async () => {
    const bare = await request(h.url).get('/api/login/callback?code=abc&state=xyz').expect(302);
    expect(bare.headers.location).toBe('/login?error=sign_in_failed');

    const start = await request(h.url).get('/api/login').expect(302);
    const pending = String(start.headers['set-cookie']).split(';')[0];
    const forged = await request(h.url)
      .get('/api/login/callback?code=abc&state=not-the-state')
      .set('Cookie', pending)
      .expect(302);
    expect(forged.headers.location).toBe('/login?error=sign_in_failed');
    expect(String(forged.headers['set-cookie'])).not.toMatch(/kcf_sid=[^;]/);
  });

  it('refuses a pending sign-in older than ten minutes', async () => {
    const start = await request(h.url).get('/api/login').expect(302);
    const pending = String(start.headers['set-cookie']).split(';')[0];
    h.clock.advance(11 * 60_000);
    const late = await request(h.url).get('/api/login/callback?code=abc&state=s').set('Cookie', pending).expect(302);
    expect(late.headers.location).toBe('/login?error=sign_in_failed');
  });
});

describe('without a provider', () => {
  let local: IdentityHarness;
  beforeAll(async () => {
    local = await startIdentity();
  });
  afterAll(async () => {
    await local?.stop();
  });

  it('GET /api/login redirects to the local login page', async () => {
    const res = await request(local.url).get('/api/login').expect(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('with the provider down', () => {
  let down: IdentityHarness;
  beforeAll(async () => {
    const gone = await createTestProvider({});
    down = await startIdentity({
      OIDC_ISSUER: gone.issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
    });
  });
  afterAll(async () => {
    await down?.stop();
  });

  it('still starts, and sends the browser back to the login page with a reason', async () => {
    const res = await request(down.url).get('/api/login').expect(302);
    expect(res.headers.location).toBe('/login?error=provider_unavailable');
  });
});

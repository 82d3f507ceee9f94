import { signUserContext } from '@kcf/server-kit/http';
import { parseGatewayConfig, startGateway } from '../src';
import { startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { SECRET, type Echo } from './stand-ins';

describe('gateway sessions', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness({ SESSION_CACHE_MS: '1500' });
    h.identity.sessions.set('sess-viewer', {
      id: 'u-viewer',
      role: 'viewer',
      beneficiaryId: null,
      mustChangePassword: false,
    });
    h.identity.sessions.set('sess-child', {
      id: 'u-child',
      role: 'beneficiary',
      beneficiaryId: 'KCF-000007',
      mustChangePassword: false,
    });
    h.identity.sessions.set('sess-new', { id: 'u-new', role: 'admin', beneficiaryId: null, mustChangePassword: true });
    h.identity.sessions.set('sess-cached', {
      id: 'u-cached',
      role: 'admin',
      beneficiaryId: null,
      mustChangePassword: false,
    });
    h.identity.sessions.set('sess-out', {
      id: 'u-out',
      role: 'superadmin',
      beneficiaryId: null,
      mustChangePassword: false,
    });
  });
  afterAll(() => h.stop());

  const get = async (path: string, cookie?: string) => {
    const res = await call(h.url, 'GET', path, { headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(200);
    return res.json<Echo>();
  };

  it('turns a valid session cookie into a signed user context the service verifies', async () => {
    const seen = await get('/api/beneficiaries', 'theme=dark; kcf_sid=sess-viewer; lang=en');
    expect(seen.context).toEqual({
      userId: 'u-viewer',
      role: 'viewer',
      sessionId: 'hash-of-sess-viewer',
      beneficiaryId: null,
      mustChangePassword: false,
      // Who the user is at this moment, for the audit trail: identity's username and display name.
      username: 'u-viewer',
      name: null,
    });
  });

  it('replaces a context the client forged with the one of its session', async () => {
    const forged = signUserContext(
      { userId: 'boss', role: 'superadmin', sessionId: 's', beneficiaryId: null, mustChangePassword: false },
      SECRET,
    );
    const res = await call(h.url, 'DELETE', '/api/beneficiaries/KCF-000001', {
      headers: { ...forged, cookie: 'kcf_sid=sess-viewer' },
    });
    expect(res.json<Echo>().context).toMatchObject({ userId: 'u-viewer', role: 'viewer' });
  });

  it('carries the beneficiary link and the password-change flag', async () => {
    expect((await get('/api/beneficiaries/KCF-000007', 'kcf_sid=sess-child')).context).toMatchObject({
      role: 'beneficiary',
      beneficiaryId: 'KCF-000007',
    });
    expect((await get('/api/income', 'kcf_sid=sess-new')).context).toMatchObject({
      userId: 'u-new',
      mustChangePassword: true,
    });
  });

  it('forwards no context without a cookie or for an unknown session', async () => {
    expect((await get('/api/expenses')).context).toBeNull();
    expect((await get('/api/expenses', 'kcf_sid=nobody-has-this')).context).toBeNull();
    const noHeaders = await get('/api/expenses');
    expect(noHeaders.headers['x-kcf-user']).toBeUndefined();
  });

  it('keeps the session cookie for identity only', async () => {
    expect((await get('/api/auth/user', 'kcf_sid=sess-viewer')).headers.cookie).toBe('kcf_sid=sess-viewer');
    expect((await get('/api/gifts', 'kcf_sid=sess-viewer')).headers.cookie).toBeUndefined();
  });

  it('asks identity once per session within SESSION_CACHE_MS, and again after it', async () => {
    const before = h.identity.resolveCalls();
    const answers = await Promise.all([
      get('/api/beneficiaries', 'kcf_sid=sess-cached'),
      get('/api/income', 'kcf_sid=sess-cached'),
      get('/api/gifts', 'kcf_sid=sess-cached'),
    ]);
    await get('/api/budgets', 'kcf_sid=sess-cached');
    expect(answers.every((a) => a.context?.userId === 'u-cached')).toBe(true);
    expect(h.identity.resolveCalls() - before).toBe(1);
    await new Promise((r) => setTimeout(r, 1600));
    await get('/api/budgets', 'kcf_sid=sess-cached');
    expect(h.identity.resolveCalls() - before).toBe(2);
  });

  it('forgets a session signed out through the gateway, so the next request carries no user', async () => {
    expect((await get('/api/gifts', 'kcf_sid=sess-out')).context).toMatchObject({ userId: 'u-out' });
    const out = await call(h.url, 'POST', '/api/logout/local', { headers: { cookie: 'kcf_sid=sess-out' } });
    expect(out.status).toBe(200);
    expect(out.headers['set-cookie']).toEqual(['kcf_sid=; Path=/; Max-Age=0']);
    expect((await get('/api/gifts', 'kcf_sid=sess-out')).context).toBeNull();
  });

  it('sends sign-in requests without a user context even when a live cookie comes along', async () => {
    expect((await get('/api/login?returnTo=%2F', 'kcf_sid=sess-viewer')).context).toBeNull();
  });
});

describe('gateway sessions when identity is down', () => {
  it('answers 502 for a request with a cookie rather than treating the user as signed out', async () => {
    const h = await startHarness();
    const gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        INTERNAL_SECRET: SECRET,
        IDENTITY_URL: 'http://127.0.0.1:9',
        BENEFICIARIES_URL: h.beneficiaries.url,
        FINANCE_URL: h.finance.url,
        LOG_LEVEL: 'error',
      }),
      { shutdownHooks: false },
    );
    try {
      const withCookie = await call(gateway.url, 'GET', '/api/beneficiaries', {
        headers: { cookie: 'kcf_sid=whatever' },
      });
      expect(withCookie.status).toBe(502);
      expect(withCookie.json()).toMatchObject({ message: expect.any(String) });
      const without = await call(gateway.url, 'GET', '/api/beneficiaries');
      expect(without.status).toBe(200);
    } finally {
      await gateway.close();
      await h.stop();
    }
  });
});

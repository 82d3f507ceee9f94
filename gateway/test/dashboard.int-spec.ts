import { DashboardStats } from '@kcf/contracts';
import { parseGatewayConfig, startGateway } from '../src';
import { BENEFICIARY_STATS, FINANCE_STATS, startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { SECRET } from './stand-ins';

describe('GET /api/dashboard/stats', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness();
    h.identity.sessions.set('viewer', { id: 'u1', role: 'viewer', beneficiaryId: null, mustChangePassword: false });
    h.identity.sessions.set('superadmin', { id: 'u2', role: 'superadmin', beneficiaryId: null, mustChangePassword: false });
    h.identity.sessions.set('child', { id: 'u3', role: 'beneficiary', beneficiaryId: 'KCF-000001', mustChangePassword: false });
    h.identity.sessions.set('must-change', { id: 'u4', role: 'admin', beneficiaryId: null, mustChangePassword: true });
  });
  afterAll(() => h.stop());

  const stats = (cookie?: string) => call(h.url, 'GET', '/api/dashboard/stats', { headers: cookie ? { cookie: `kcf_sid=${cookie}` } : {} });

  it('composes both services’ internal stats for staff', async () => {
    for (const who of ['viewer', 'superadmin']) {
      const res = await stats(who);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toEqual({ ...BENEFICIARY_STATS, ...FINANCE_STATS });
      expect(DashboardStats.safeParse(body).success).toBe(true);
    }
  });

  it('answers 401 signed out', async () => {
    for (const cookie of [undefined, 'unknown-session']) {
      const res = await stats(cookie);
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Unauthorized' });
    }
  });

  it('answers 403 to a beneficiary and to a user who must change the password', async () => {
    const child = await stats('child');
    expect(child.status).toBe(403);
    expect(child.json()).toMatchObject({ message: 'Forbidden' });
    const mustChange = await stats('must-change');
    expect(mustChange.status).toBe(403);
    expect(mustChange.json()).toMatchObject({ message: 'Password change required' });
  });

  it('answers 502 JSON when a service it needs is down', async () => {
    const gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        INTERNAL_SECRET: SECRET,
        IDENTITY_URL: h.identity.url,
        BENEFICIARIES_URL: h.beneficiaries.url,
        FINANCE_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'error',
      }),
      { shutdownHooks: false },
    );
    try {
      const res = await call(gateway.url, 'GET', '/api/dashboard/stats', { headers: { cookie: 'kcf_sid=viewer' } });
      expect(res.status).toBe(502);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/finance/) });
    } finally {
      await gateway.close();
    }
  });
});

import { brotliDecompressSync } from 'node:zlib';
import { calendarDateAt, Dashboard, DashboardStats, termOfMonth } from '@kcf/contracts';
import { verifyUserContext } from '@kcf/server-kit/http';
import { parseGatewayConfig, startGateway } from '../src';
import {
  BENEFICIARY_STATS,
  CONSENT_OVERVIEW,
  FINANCE_STATS,
  childRow,
  dashboardRoutes,
  startHarness,
  type GatewayHarness,
} from './gateway-harness';
import { call } from './http-client';
import { SECRET, userRoute, type Route } from './stand-ins';

describe('GET /api/dashboard/stats', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness();
    h.identity.sessions.set('viewer', { id: 'u1', role: 'viewer', beneficiaryId: null, mustChangePassword: false });
    h.identity.sessions.set('superadmin', {
      id: 'u2',
      role: 'superadmin',
      beneficiaryId: null,
      mustChangePassword: false,
    });
    h.identity.sessions.set('child', {
      id: 'u3',
      role: 'beneficiary',
      beneficiaryId: 'KCF-000001',
      mustChangePassword: false,
    });
    h.identity.sessions.set('must-change', { id: 'u4', role: 'admin', beneficiaryId: null, mustChangePassword: true });
  });
  afterAll(() => h.stop());

  const stats = (cookie?: string) =>
    call(h.url, 'GET', '/api/dashboard/stats', { headers: cookie ? { cookie: `kcf_sid=${cookie}` } : {} });

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

describe('GET /api/dashboard', () => {
  let h: GatewayHarness;
  let parts: ReturnType<typeof dashboardRoutes>;
  /** Answers the newest children with something that is not a list, for one user. */
  const garbled = userRoute('GET', '/api/beneficiaries', () => ({ status: 200, body: { not: 'a list' } }));
  const garbledFor =
    (user: string): Route =>
    (req, res, body) =>
      verifyUserContext(req.headers, SECRET)?.userId === user && garbled(req, res, body);
  /** Holds one user's budgets call until that user's children call has arrived: the parts are asked at once. */
  let budgetsWaitedForChildren = false;
  const inParallel: Route = (req, res, body) => {
    if (verifyUserContext(req.headers, SECRET)?.userId !== 'u-parallel' || !(req.url ?? '').startsWith('/api/budgets'))
      return false;
    const started = Date.now();
    const wait = () => {
      if (parts.childCalls.some((c) => c.user.userId === 'u-parallel')) {
        budgetsWaitedForChildren = true;
        parts.finance[0](req, res, body);
      } else if (Date.now() - started > 3000) parts.finance[0](req, res, body);
      else setTimeout(wait, 10);
    };
    wait();
    return true;
  };

  beforeAll(async () => {
    parts = dashboardRoutes({ refuse: (user, part) => user.userId === 'u-restricted' && part === 'budgets' });
    h = await startHarness(
      {},
      { finance: [inParallel, ...parts.finance], beneficiaries: [garbledFor('u-garbled'), ...parts.beneficiaries] },
    );
    const staff = { beneficiaryId: null, mustChangePassword: false };
    h.identity.sessions.set('viewer', { id: 'u1', role: 'viewer', ...staff });
    h.identity.sessions.set('admin', { id: 'u5', role: 'admin', ...staff });
    h.identity.sessions.set('superadmin', { id: 'u2', role: 'superadmin', ...staff });
    h.identity.sessions.set('child', {
      id: 'u3',
      role: 'beneficiary',
      beneficiaryId: 'KCF-000001',
      mustChangePassword: false,
    });
    h.identity.sessions.set('must-change', { id: 'u4', role: 'admin', beneficiaryId: null, mustChangePassword: true });
    h.identity.sessions.set('restricted', { id: 'u-restricted', role: 'viewer', ...staff });
    h.identity.sessions.set('garbled', { id: 'u-garbled', role: 'viewer', ...staff });
    h.identity.sessions.set('parallel', { id: 'u-parallel', role: 'viewer', ...staff });
  });
  afterAll(() => h.stop());

  const dashboard = (cookie?: string, headers: Record<string, string> = {}) =>
    call(h.url, 'GET', '/api/dashboard', {
      headers: { ...headers, ...(cookie ? { cookie: `kcf_sid=${cookie}` } : {}) },
    });
  const thisTerm = () => {
    const { year, month } = calendarDateAt(new Date());
    return { year, quarter: termOfMonth(month) };
  };
  const expectedBudgets = () => {
    const { year, quarter } = thisTerm();
    return [
      { id: 'b1', quarter, year, category: 'school_fees', plannedAmount: '2000.00', usedAmount: '2500.00' },
      { id: 'b2', quarter, year, category: 'health', plannedAmount: '5000.00', usedAmount: '0.00' },
    ];
  };
  const expectedChildren = [1, 2, 3, 4, 5].map((n) => {
    const { id, fullName, photoUrl, photoThumbnailUrl, isActive, createdAt } = childRow(n);
    return { id, fullName, photoUrl, photoThumbnailUrl, isActive, createdAt };
  });

  it('answers staff everything the page shows in one object: the stats, this term’s budgets, the five newest children', async () => {
    for (const [who, id, role] of [
      ['viewer', 'u1', 'viewer'],
      ['admin', 'u5', 'admin'],
      ['superadmin', 'u2', 'superadmin'],
    ] as const) {
      const before = { budgets: parts.budgetCalls.length, children: parts.childCalls.length };
      const res = await dashboard(who);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toEqual({
        stats: { ...BENEFICIARY_STATS, ...FINANCE_STATS },
        budgets: expectedBudgets(),
        recentBeneficiaries: expectedChildren,
        consents: CONSENT_OVERVIEW,
        errors: {},
      });
      expect(Dashboard.safeParse(body).success).toBe(true);
      // The stats part is the same object GET /api/dashboard/stats answers.
      expect(body.stats).toEqual(
        (await call(h.url, 'GET', '/api/dashboard/stats', { headers: { cookie: `kcf_sid=${who}` } })).json(),
      );
      // The public routes were asked once each, with this user's signed context and the dashboard's query.
      const { year, quarter } = thisTerm();
      const budgetCalls = parts.budgetCalls.slice(before.budgets);
      const childCalls = parts.childCalls.slice(before.children);
      expect(budgetCalls.map((c) => c.url)).toEqual([
        `/api/budgets?year=${year}&quarter=${encodeURIComponent(quarter)}`,
      ]);
      expect(childCalls.map((c) => c.url)).toEqual(['/api/beneficiaries?limit=5']);
      for (const c of [...budgetCalls, ...childCalls])
        expect(c.user).toMatchObject({ userId: id, role, sessionId: `hash-of-${who}` });
    }
  });

  it('asks for the parts at once', async () => {
    budgetsWaitedForChildren = false;
    const res = await dashboard('parallel');
    expect(res.status).toBe(200);
    expect(budgetsWaitedForChildren).toBe(true);
    expect(res.json()).toMatchObject({ budgets: expectedBudgets(), errors: {} });
  });

  it('is compressed for a client that accepts it, like the services’ answers', async () => {
    const res = await dashboard('viewer', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    const body = JSON.parse(brotliDecompressSync(res.body).toString('utf8'));
    expect(body).toMatchObject({ recentBeneficiaries: expectedChildren, errors: {} });
    const plain = await dashboard('viewer', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('answers 401 signed out, and 403 to a beneficiary and to a user who must change the password, asking no service', async () => {
    const before = parts.budgetCalls.length + parts.childCalls.length;
    for (const cookie of [undefined, 'unknown-session']) {
      const res = await dashboard(cookie);
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Unauthorized' });
    }
    const child = await dashboard('child');
    expect(child.status).toBe(403);
    expect(child.json()).toMatchObject({ message: 'Forbidden' });
    const mustChange = await dashboard('must-change');
    expect(mustChange.status).toBe(403);
    expect(mustChange.json()).toMatchObject({ message: 'Password change required' });
    expect(parts.budgetCalls.length + parts.childCalls.length).toBe(before);
  });

  it('leaves out what a service refuses the user, and says why', async () => {
    const res = await dashboard('restricted');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      stats: { ...BENEFICIARY_STATS, ...FINANCE_STATS },
      budgets: null,
      recentBeneficiaries: expectedChildren,
      consents: CONSENT_OVERVIEW,
      errors: { budgets: 'Forbidden' },
    });
  });

  it('marks a part whose answer does not fit the contract as unavailable', async () => {
    const res = await dashboard('garbled');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      stats: { ...BENEFICIARY_STATS, ...FINANCE_STATS },
      budgets: expectedBudgets(),
      recentBeneficiaries: null,
      errors: { recentBeneficiaries: 'The beneficiaries service is unavailable' },
    });
  });

  it('answers what it has when a service is down: the parts that need it are null and named in errors', async () => {
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
      const res = await call(gateway.url, 'GET', '/api/dashboard', { headers: { cookie: 'kcf_sid=viewer' } });
      expect(res.status).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        stats: null,
        budgets: null,
        recentBeneficiaries: expectedChildren,
        consents: CONSENT_OVERVIEW,
        errors: { stats: 'The finance service is unavailable', budgets: 'The finance service is unavailable' },
      });
      expect(Dashboard.safeParse(body).success).toBe(true);
      // The stats route alone still fails as a whole.
      const stats = await call(gateway.url, 'GET', '/api/dashboard/stats', { headers: { cookie: 'kcf_sid=viewer' } });
      expect(stats.status).toBe(502);
    } finally {
      await gateway.close();
    }
  });
});

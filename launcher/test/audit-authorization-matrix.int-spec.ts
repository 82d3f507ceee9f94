import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { parseGatewayConfig, startGateway, type RunningGateway } from '@kcf/gateway';
import { ROOT, SECRET, startAllServices, type AllServices } from './authorization-matrix-services';
import { callGateway, signInAt, type Answer } from './gateway-calls';

/**
 * The authorization matrix of the gateway's own audit routes (GET /api/audit, /api/audit/verify,
 * /api/audit/export), which the services' matrix does not reach: every audit route the gateway registered ×
 * every kind of caller, through the gateway with real sessions. Superadmin: everything. Admin: one child's
 * history (with `beneficiaryId`, without security events; never the erased children's), nothing else. Viewer,
 * beneficiary, a session that must change its password, and no session: refused. A new audit route without a row
 * here fails by name.
 */
jest.setTimeout(180_000);

type Caller = 'signed out' | 'must change password' | 'viewer' | 'beneficiary' | 'admin' | 'superadmin';
const CALLERS: Caller[] = ['signed out', 'must change password', 'viewer', 'beneficiary', 'admin', 'superadmin'];

const UNAUTHORIZED = { status: 401, message: 'Unauthorized' };
const CHANGE_PASSWORD = { status: 403, message: 'Password change required' };
const FORBIDDEN = { status: 403, message: 'Forbidden' };
const OK = { status: 200 };

type Want = { status: number; message?: string };

/** Everyone but the superadmin (and the admin where a row says so) is refused, each with its reason. */
const refused = (admin: Want = FORBIDDEN): Record<Caller, Want> => ({
  'signed out': UNAUTHORIZED,
  'must change password': CHANGE_PASSWORD,
  viewer: FORBIDDEN,
  beneficiary: FORBIDDEN,
  admin,
  superadmin: OK,
});

/** The probes: a request (`{child}` stands for a child's id) and what each caller gets, by the route it reaches. */
const MATRIX: Record<string, { path: string; want: Record<Caller, Want> }[]> = {
  'GET /api/audit': [
    { path: '/api/audit', want: refused() },
    { path: '/api/audit?beneficiaryId={child}', want: refused(OK) },
    // Every erased child's history at once (their entries name the child "erased"): not one child's history.
    { path: '/api/audit?beneficiaryId=erased', want: refused() },
  ],
  'GET /api/audit/verify': [{ path: '/api/audit/verify', want: refused() }],
  'GET /api/audit/export': [
    { path: '/api/audit/export', want: refused() },
    { path: '/api/audit/export?beneficiaryId={child}', want: refused() },
  ],
};

const SECURITY_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'lockout',
  'sign-out',
  'session-expired',
  'password-change-completed',
];

let all: AllServices;
let gateway: RunningGateway;
let childId: string;
const sessions = {} as Record<Exclude<Caller, 'signed out'>, string>;

const call = (method: string, path: string, session?: string, json?: unknown): Promise<Answer> =>
  callGateway(gateway.url, method, path, { session, json });
const signIn = (username: string, password: string): Promise<string> => signInAt(gateway.url, username, password);

/** A matrix user (temporary password): signs in, sets a password, signs in again. */
async function activate(username: string): Promise<string> {
  const first = await signIn(username, 'Temp!pass1');
  const changed = await call('PUT', '/api/auth/change-password', first, {
    currentPassword: 'Temp!pass1',
    newPassword: 'N3w!Passw0rd',
  });
  if (changed.status !== 200) throw new Error(`change password ${username}: ${changed.status}`);
  return signIn(username, 'N3w!Passw0rd');
}

/** The gateway's registered routes under /api/audit, as "METHOD /path". */
function auditRoutesOf(app: INestApplication): string[] {
  const join = (...parts: (string | undefined)[]) =>
    `/${parts
      .filter((p) => p && p !== '/')
      .map((p) => p!.replace(/^\/|\/$/g, ''))
      .join('/')}`;
  const routes: string[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const prefix = Reflect.getMetadata(PATH_METADATA, type) as string | undefined;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        routes.push(`${RequestMethod[method]} ${join(prefix, path)}`);
      }
    }
  }
  return routes.filter((route) => route.split(' ')[1].startsWith('/api/audit'));
}

beforeAll(async () => {
  all = await startAllServices();
  const [identity, beneficiaries, finance] = all.services.map((s) => s.service.url);
  gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      INTERNAL_SECRET: SECRET,
      IDENTITY_URL: identity,
      BENEFICIARIES_URL: beneficiaries,
      FINANCE_URL: finance,
      LOG_LEVEL: 'error',
    }),
    { shutdownHooks: false },
  );
  sessions.superadmin = await signIn(ROOT.username, ROOT.password);
  sessions.admin = await activate('madmin');
  sessions.viewer = await activate('mviewer');
  sessions.beneficiary = await activate('mchild');
  const created = await call('POST', '/api/users', sessions.superadmin, {
    firstName: 'Matrix',
    lastName: 'Change',
    username: 'mchange',
    password: 'Temp!pass1',
    role: 'admin',
  });
  if (created.status !== 201) throw new Error(`create mchange: ${created.status}`);
  sessions['must change password'] = await signIn('mchange', 'Temp!pass1');

  const child = await call('POST', '/api/beneficiaries', sessions.admin, {
    fullName: 'Matrix Audit Child',
    dateOfBirth: '2015-05-05',
    homeVillage: 'Shinyalu',
    subCounty: 'Lurambi',
    county: 'kakamega',
    guardianName: 'Matrix Guardian',
    guardianPhone: '0712345678',
    schoolName: 'Shinyalu Primary',
    gradeLevel: 'grade_4',
  });
  if (child.status !== 201) throw new Error(`create child: ${child.status}`);
  childId = child.body.id;
  expect((await call('GET', `/api/beneficiaries/${childId}`, sessions.admin)).status).toBe(200);
});

afterAll(async () => {
  await gateway?.close();
  await all?.stop();
});

describe("authorization matrix of the gateway's audit routes (every audit route × every caller)", () => {
  it('has a row for every audit route the gateway registered, and none for a route it does not have', () => {
    const registered = auditRoutesOf(gateway.app);
    expect(registered.length).toBeGreaterThanOrEqual(3);
    expect({ auditRoutesWithoutARow: registered.filter((route) => !(route in MATRIX)) }).toEqual({
      auditRoutesWithoutARow: [],
    });
    expect({ rowsOfRoutesThatDoNotExist: Object.keys(MATRIX).filter((route) => !registered.includes(route)) }).toEqual({
      rowsOfRoutesThatDoNotExist: [],
    });
  });

  it.each(CALLERS)('answers %s as the table says', async (caller) => {
    const wrong: string[] = [];
    for (const [route, probes] of Object.entries(MATRIX)) {
      for (const { path, want } of probes) {
        const concrete = path.replace('{child}', childId);
        const answer = await call(
          route.split(' ')[0],
          concrete,
          caller === 'signed out' ? undefined : sessions[caller],
        );
        const expected = want[caller];
        const message = answer.body?.message;
        if (answer.status !== expected.status || (expected.message !== undefined && message !== expected.message)) {
          wrong.push(
            `${path}: expected ${expected.status}${expected.message ? ` '${expected.message}'` : ''}, got ${answer.status} '${String(message)}'`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives the admin the child's history without any security event", async () => {
    const history = await call('GET', `/api/audit?beneficiaryId=${childId}&limit=100`, sessions.admin);
    expect(history.status).toBe(200);
    const actions = (history.body.items as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'view']));
    expect(actions.filter((a) => SECURITY_ACTIONS.includes(a))).toEqual([]);
    const security = await call('GET', `/api/audit?beneficiaryId=${childId}&action=security`, sessions.admin);
    expect(security).toMatchObject({ status: 200, body: { items: [] } });
    // The superadmin's log does hold security events (the sign-ins above), so the admin's has them left out.
    const all = await call('GET', '/api/audit?action=security', sessions.superadmin);
    expect((all.body.items as unknown[]).length).toBeGreaterThan(0);
  });
});

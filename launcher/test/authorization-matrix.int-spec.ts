import { Client } from 'pg';
import { ACCESS_LEVELS, ROLES, roleMayAccess, type AccessLevel, type Role } from '@kcf/contracts';
import type { RouteInfo, UserContext } from '@kcf/server-kit';
import {
  sign,
  startAllServices,
  systemCaller,
  type AllServices,
  type ServiceUnderTest,
} from './authorization-matrix-services';

/**
 * The authorization matrix: every route every service registered × every kind of caller, against the
 * contract's table (libs/contracts/src/auth/access.ts). Routes come from the running apps
 * (`listRoutes`), expectations from the table: a route added tomorrow is checked tomorrow, and a route
 * without a declared access level fails by name. The gateway's own audit routes have a matrix of their own
 * (audit-authorization-matrix.int-spec.ts).
 */
jest.setTimeout(180_000);

/** Stands in for every path parameter: a well-formed id of nothing. */
const DUMMY_ID = '00000000-0000-4000-8000-000000000000';

type Caller = 'signed out' | Role | 'must change password' | 'system';

interface Answer {
  status: number;
  message: unknown;
}

interface Probe {
  service: string;
  route: RouteInfo;
  caller: Caller;
  answer: Answer;
}

let all: AllServices;
let probes: Probe[] = [];

const concreteUrl = (base: string, path: string) => base + path.replace(/:[^/]+|\*[^/]*/g, DUMMY_ID);
const methodOf = (route: RouteInfo) => (route.method === 'ALL' ? 'GET' : route.method);
const nameOf = (p: { service: string; route: RouteInfo }) => `${p.service} ${p.route.method} ${p.route.path}`;

async function send(base: string, route: RouteInfo, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(concreteUrl(base, route.path), { method: methodOf(route), headers, redirect: 'manual' });
  const text = await res.text();
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  return { status: res.status, message };
}

function headersFor(caller: Caller): Record<string, string> {
  const { users } = all;
  switch (caller) {
    case 'signed out':
      return {};
    case 'system':
      return systemCaller();
    case 'must change password':
      return sign({ ...users.admin, mustChangePassword: true } satisfies UserContext);
    default:
      return sign(users[caller]);
  }
}

const CALLERS: Caller[] = ['signed out', ...ROLES, 'must change password', 'system'];

/** Runs `tasks` a few at a time. */
async function inBatches<T>(tasks: (() => Promise<T>)[], width = 8): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += width)
    out.push(...(await Promise.all(tasks.slice(i, i + width).map((t) => t()))));
  return out;
}

beforeAll(async () => {
  all = await startAllServices();
  const tasks = all.services.flatMap((s: ServiceUnderTest) =>
    s.routes.flatMap((route) =>
      CALLERS.map((caller) => async (): Promise<Probe> => ({
        service: s.name,
        route,
        caller,
        answer: await send(s.service.url, route, headersFor(caller)),
      })),
    ),
  );
  probes = await inBatches(tasks);
});

afterAll(async () => {
  await all?.stop();
});

/** What the contract says `caller` gets from a route declared `level`; null: anything but 401/403. */
function expected(level: AccessLevel, caller: Caller): { status: 401 | 403; message: string } | null {
  if (level === 'public') return null;
  if (caller === 'signed out') return { status: 401, message: 'Unauthorized' };
  if (caller === 'system') return level === 'internal' ? null : { status: 403, message: 'Forbidden' };
  if (level === 'internal') return { status: 403, message: 'Forbidden' };
  // While the user must change the password, every call but the signed-in ones answers this.
  if (caller === 'must change password')
    return level === 'signedIn' ? null : { status: 403, message: 'Password change required' };
  return roleMayAccess(caller, level) ? null : { status: 403, message: 'Forbidden' };
}

describe('authorization matrix (every route of every service × every caller)', () => {
  it('finds the routes of all three services', () => {
    for (const s of all.services)
      expect({ service: s.name, routes: s.routes.length > 1 }).toEqual({ service: s.name, routes: true });
    const identity = all.services.find((s) => s.name === 'svc-identity')!;
    expect(identity.routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/users', 'PUT /api/auth/change-password']),
    );
  });

  it('every route declares an access level the table knows', () => {
    const undeclared = all.services.flatMap((s) =>
      s.routes
        .filter((r) => !r.access || !ACCESS_LEVELS.includes(r.access))
        .map((route) => `${nameOf({ service: s.name, route })} (${route.controller}.${route.handler})`),
    );
    expect(undeclared).toEqual([]);
  });

  // The unit of work (and the Idempotency-Key) must run after a route's own interceptors have parsed its
  // body: `@Access` goes above `@UseInterceptors` on every route.
  it('runs every route as one unit of work, innermost', () => {
    const outside = all.services.flatMap((s) =>
      s.routes
        .filter((r) => !r.unitOfWorkInnermost)
        .map((route) => `${nameOf({ service: s.name, route })} (${route.controller}.${route.handler})`),
    );
    expect(outside).toEqual([]);
  });

  // Viewers read; the only write a viewer reaches is its own password (and signing in and out, open to all).
  it('lets the viewer reach no route that writes', () => {
    const writes = all.services.flatMap((s) =>
      s.routes
        .filter(
          (r) =>
            !['GET', 'HEAD'].includes(methodOf(r)) &&
            r.access &&
            r.access !== 'public' &&
            roleMayAccess('viewer', r.access),
        )
        .map((route) => `${nameOf({ service: s.name, route })} [${route.access}]`),
    );
    expect(writes).toEqual(['svc-identity PUT /api/auth/change-password [signedIn]']);
  });

  it.each(CALLERS)('answers the contract to %s', (caller) => {
    const wrong = probes
      .filter((p) => p.caller === caller && p.route.access)
      .flatMap((p) => {
        const want = expected(p.route.access!, caller);
        const { status, message } = p.answer;
        if (want && (status !== want.status || message !== want.message)) {
          return [
            `${nameOf(p)} [${p.route.access}]: expected ${want.status} '${want.message}', got ${status} '${String(message)}'`,
          ];
        }
        if (!want && (status === 401 || status === 403)) {
          return [`${nameOf(p)} [${p.route.access}]: expected to be let in, got ${status} '${String(message)}'`];
        }
        return [];
      });
    expect(wrong).toEqual([]);
  });

  it('never answers a 5xx to a request without a body', () => {
    const failures = probes
      .filter((p) => p.answer.status >= 500)
      .map((p) => `${nameOf(p)} as ${p.caller}: ${p.answer.status}`);
    expect(failures).toEqual([]);
  });
});

describe('identity learns from the other services who created records', () => {
  const serviceUrl = (name: string) => all.services.find((s) => s.name === name)!.service.url;
  const liveRecordsOf = async (userId: string) => {
    const c = new Client({ connectionString: all.identityDbUrl });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT count(*)::int AS n FROM user_records WHERE user_id = $1 AND NOT deleted', [
        userId,
      ]);
      return rows[0].n as number;
    } finally {
      await c.end();
    }
  };
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('the event did not reach identity in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('refuses to delete a user who created an income (409) until the income is deleted', async () => {
    const { admin, superadmin } = all.users;
    const created = await fetch(`${serviceUrl('svc-finance')}/api/income`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sign(admin) },
      body: JSON.stringify({ amount: '1500.00', source: 'Matrix donor', date: '2026-01-15' }),
    });
    expect(created.status).toBe(201);
    const income = (await created.json()) as { id: string };
    await until(async () => (await liveRecordsOf(admin.userId)) === 1);

    const refused = await fetch(`${serviceUrl('svc-identity')}/api/users/${admin.userId}`, {
      method: 'DELETE',
      headers: sign(superadmin),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('Cannot delete user who has created records');

    const gone = await fetch(`${serviceUrl('svc-finance')}/api/income/${income.id}`, {
      method: 'DELETE',
      headers: sign(superadmin),
    });
    expect(gone.status).toBeLessThan(300);
    await until(async () => (await liveRecordsOf(admin.userId)) === 0);
    const deleted = await fetch(`${serviceUrl('svc-identity')}/api/users/${admin.userId}`, {
      method: 'DELETE',
      headers: sign(superadmin),
    });
    expect(deleted.status).toBe(200);
  });
});

import { parseGatewayConfig, startGateway, type RunningGateway } from '@kcf/gateway';
import { listRoutes, type RouteInfo } from '@kcf/server-kit';
import { ROOT, SECRET, sign, startAllServices, systemCaller, type AllServices } from './authorization-matrix-services';
import { callGateway, signInAt, type Answer, type CallOptions } from './gateway-calls';
import { inputFieldsOf, leafPaths, withValueAt, type FieldPath } from './input-fields';
import { BASE_BODIES, concretePath, paramCount, type FuzzFixtures } from './input-fuzz-bodies';

/**
 * Input fuzz: every route of every service and of the gateway (the route inventory, `listRoutes`) gets NUL
 * bytes, other control characters, lone UTF-16 surrogates, 60 kB values, malformed cursors and ids and
 * values of the wrong type, in every query parameter and body field its schema names and in every path
 * parameter, signed in as the superadmin (public routes: signed out), through the gateway (routes under
 * /internal and /health straight to the service, as the gateway never forwards them). Nothing may answer a
 * 5xx: bad input is the client's mistake, answered with a 4xx that says so. Each body starts from a valid
 * one, so a fuzzed field is the only thing wrong and reaches as far as a valid value would (the database).
 */
jest.setTimeout(180_000);

/** One request of the fuzz and its answer's status (or why none came); `session`: sent with the superadmin's cookie. */
type Sent = { label: string; status: number | string; session: boolean };

/** Body values: text a person could not type, text PostgreSQL cannot store, too much text, the wrong type. */
const BODY_VALUES: [string, unknown][] = [
  ['NUL inside', 'a\u0000b'],
  ['NUL alone', '\u0000'],
  ['C0 control', 'a\u0001b'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udfff'],
  ['60 kB', 'x'.repeat(60_000)],
  ['malformed cursor', 'WyIyMDI2IiwiaWRlbnRpdHkiLDFd'],
  ['malformed id', '../not-an-id'],
  ['year 0', '0000-01-01'],
  ['negative number', -1],
  ['huge number', 1e308],
  ['object', { $ne: null }],
  ['array', ['a']],
];

/** The body values tried in a nested field. */
const NESTED_BREAKERS = ['NUL inside', 'C0 control', 'lone high surrogate', '60 kB'];

/** Query values, as sent (already URL-encoded): %ED%A0%80 is a lone surrogate in UTF-8, %C0%80 an overlong NUL. */
const QUERY_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['C0 control', '%01'],
  ['lone surrogate', '%ED%A0%80'],
  ['overlong NUL', '%C0%80'],
  ['broken escape', '%E0%A4%A'],
  ['60 kB', 'x'.repeat(60_000)],
  ['malformed cursor', 'WyIyMDI2IiwiaWRlbnRpdHkiLDFd'],
  ['malformed id', '..%2Fnot-an-id'],
  ['huge number', '99999999999999999999'],
  ['year 0', '0000-01-01'],
];

/** The query values tried on a route without a query schema. */
const TEXT_BREAKERS = ['NUL inside', 'lone surrogate', '60 kB', 'malformed cursor'];

/** Path parameter values, as sent. */
const PATH_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['C0 control', '%01'],
  ['lone surrogate', '%ED%A0%80'],
  ['60 kB', 'x'.repeat(60_000)],
  ['malformed id', 'not-an-id'],
  ['huge number', '99999999999999999999'],
  ['negative', '-1'],
  ['quote', '%27'],
  ['percent', '%25'],
];

/** Query names tried on every GET route besides those its schema names (handlers that read the query themselves). */
const COMMON_QUERY_NAMES = ['search', 'cursor', 'actor', 'from', 'to', 'limit', 'offset', 'id'];

/** How many requests are in flight at once. */
const CONCURRENCY = 8;

let all: AllServices;
let gateway: RunningGateway;
let session: string;
let fixtures: FuzzFixtures;
/** Every route of the inventory, with where it is reached. */
let routes: { owner: string; route: RouteInfo; base: string }[];
const results = new Map<string, Sent[]>();
const reached = new Set<string>();

const call = (method: string, path: string, options?: CallOptions): Promise<Answer> =>
  callGateway(gateway.url, method, path, { session, ...options });

const keyOf = (route: RouteInfo) => `${route.method} ${route.path}`;
const methodOf = (route: RouteInfo) => (route.method === 'ALL' ? 'GET' : route.method);
const isPublic = (route: RouteInfo) => route.access === 'public';
const direct = (route: RouteInfo) => route.path.startsWith('/internal') || route.path.startsWith('/health');

/** The headers a route is called with: straight to a service signed as the superadmin or the system; else through the gateway with the session. */
function headersFor(route: RouteInfo): Record<string, string> {
  if (isPublic(route)) return direct(route) ? {} : { origin: gateway.url };
  if (direct(route)) return route.access === 'internal' ? systemCaller() : sign(all.users.superadmin);
  return { origin: gateway.url, cookie: session };
}

async function send(
  target: { route: RouteInfo; base: string },
  path: string,
  json?: unknown,
): Promise<number | string> {
  const headers = headersFor(target.route);
  let body: string | undefined;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  try {
    const res = await fetch(target.base + path, { method: methodOf(target.route), headers, body, redirect: 'manual' });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    return `no answer (${(error as Error).cause ? String((error as Error).cause) : String(error)})`;
  }
}

/** Runs the tasks, `width` at a time. */
async function pool(tasks: (() => Promise<void>)[], width = CONCURRENCY): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: width }, worker));
}

function record(kind: string, label: string, status: number | string, session: boolean) {
  if (!results.has(kind)) results.set(kind, []);
  results.get(kind)!.push({ label, status, session });
}

const failed = (kind: string) =>
  (results.get(kind) ?? [])
    .filter((r) => typeof r.status === 'string' || r.status >= 500)
    .map((r) => `${r.label} -> ${r.status}`);

/** A valid body of the route (`n` makes unique fields unique), or undefined for a route without one. */
const baseBodyOf = (route: RouteInfo, n: number) => BASE_BODIES[keyOf(route)]?.body(n, fixtures);

/** Where a body's fuzz goes: the schema's fields and every leaf of the valid body (nested ones included). */
function bodyFieldsOf(route: RouteInfo): FieldPath[] {
  const base = baseBodyOf(route, 0);
  const paths = new Map<string, FieldPath>();
  for (const name of inputFieldsOf(route.body ?? BASE_BODIES[keyOf(route)]?.schema)) paths.set(name, [name]);
  for (const path of leafPaths(base)) paths.set(path.join('.'), path);
  return [...paths.values()];
}

interface FuzzTask {
  label: string;
  run: () => Promise<void>;
}

function fuzzTasks(): FuzzTask[] {
  const tasks: FuzzTask[] = [];
  let n = 1;
  for (const target of routes) {
    const { route, owner } = target;
    const name = `${owner} ${keyOf(route)}`;
    const kind = isPublic(route) ? 'signed out' : 'signed in';
    const add = (what: 'query' | 'body' | 'path', detail: string, path: string, body: unknown) => {
      const label = `${name} ${detail}`;
      tasks.push({
        label,
        run: async () => {
          reached.add(name);
          record(`${kind}: ${what}`, label, await send(target, path, body), 'cookie' in headersFor(route));
        },
      });
    };
    const path = concretePath(methodOf(route), route.path, fixtures);
    // Query parameters: every value in each one the schema names; a GET without a query schema gets the
    // common names (a handler may read the query itself), with the values that break text.
    const named = inputFieldsOf(route.query);
    const queryNames = named.length ? named : methodOf(route) === 'GET' ? COMMON_QUERY_NAMES : [];
    const values = named.length ? QUERY_VALUES : QUERY_VALUES.filter(([label]) => TEXT_BREAKERS.includes(label));
    for (const q of queryNames) {
      for (const [label, value] of values)
        add('query', `?${q}= ${label}`, `${path}?${q}=${value}`, baseBodyOf(route, n++));
      if (named.length) add('query', `?${q}= twice`, `${path}?${q}=a&${q}=b`, baseBodyOf(route, n++));
    }
    // Body fields: one at a time in an otherwise valid body; a nested field (an import's records) gets the
    // values that break text.
    const fields = ['GET', 'HEAD'].includes(methodOf(route)) ? [] : bodyFieldsOf(route);
    for (const field of fields) {
      const values =
        field.length === 1 ? BODY_VALUES : BODY_VALUES.filter(([label]) => NESTED_BREAKERS.includes(label));
      for (const [label, value] of values)
        add('body', `{${field.join('.')}: ${label}}`, path, withValueAt(baseBodyOf(route, n++) ?? {}, field, value));
    }
    // Path parameters, one at a time, the others real records (ids of nothing on a DELETE).
    for (let i = 0; i < paramCount(route.path); i++) {
      for (const [label, value] of PATH_VALUES)
        add(
          'path',
          `[param ${i + 1}: ${label}]`,
          concretePath(methodOf(route), route.path, fixtures, i, value),
          baseBodyOf(route, n++),
        );
    }
    // Nothing to fuzz (no query, body or path): still reached once, with a stray query parameter.
    if (!queryNames.length && !fields.length && !paramCount(route.path))
      add('query', '?x= NUL', `${path}?x=%00`, baseBodyOf(route, n++));
  }
  return tasks;
}

async function makeFixtures(): Promise<FuzzFixtures> {
  const created = async (path: string, json: unknown): Promise<string> => {
    const answer = await call('POST', path, { json });
    if (answer.status !== 201 && answer.status !== 200)
      throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    return answer.body.id as string;
  };
  const child = BASE_BODIES['PUT /api/beneficiaries/:id'].body(0, {} as FuzzFixtures);
  const childId = await created('/api/beneficiaries', child);
  const partial = { childId } as FuzzFixtures;
  const bodyOf = (key: string) => BASE_BODIES[key].body(0, partial);
  const users = await call('GET', '/api/users?search=mviewer');
  return {
    childId,
    viewerUserId: users.body[0]?.id,
    householdId: await created(
      `/api/beneficiaries/${childId}/household-members`,
      bodyOf('POST /api/beneficiaries/:id/household-members'),
    ),
    performanceId: await created(
      `/api/beneficiaries/${childId}/school-performance`,
      bodyOf('POST /api/beneficiaries/:id/school-performance'),
    ),
    feeId: await created(
      `/api/beneficiaries/${childId}/school-fees`,
      bodyOf('POST /api/beneficiaries/:id/school-fees'),
    ),
    specialNeedId: await created(
      `/api/beneficiaries/${childId}/special-needs`,
      bodyOf('POST /api/beneficiaries/:id/special-needs'),
    ),
    giftId: await created('/api/gifts', bodyOf('POST /api/gifts')),
    // Enough money for every expense the fuzz records.
    incomeId: await created('/api/income', { amount: '1000000.00', source: 'Fuzz donor', date: '2026-01-02' }),
    expenseId: await created('/api/expenses', bodyOf('POST /api/expenses')),
    budgetId: await created('/api/budgets', {
      quarter: 'Term 3',
      year: 2020,
      category: 'other',
      plannedAmount: '10.00',
    }),
  };
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
  session = await signInAt(gateway.url, ROOT.username, ROOT.password);
  fixtures = await makeFixtures();
  if (!fixtures.viewerUserId) throw new Error('the matrix viewer was not found');
  // The gateway's first: its audit export and verification read the whole trail, which the fuzz makes longer.
  routes = [
    ...listRoutes(gateway.app).map((route) => ({ owner: 'gateway', route, base: gateway.url })),
    ...all.services.flatMap((s) =>
      s.routes.map((route) => ({ owner: s.name, route, base: direct(route) ? s.service.url : gateway.url })),
    ),
  ];
});

afterAll(async () => {
  await gateway?.close();
  await all?.stop();
});

describe('one byte of bad text', () => {
  const errorsOf = (answer: Answer) => (answer.body?.errors ?? []) as { path: string; message: string }[];

  it('refuses a NUL in the username of a sign-in, before any session, with 400 naming the field', async () => {
    const answer = await callGateway(gateway.url, 'POST', '/api/login/local', {
      json: { username: 'a\u0000', password: 'Wr0ng!Pass' },
    });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toContainEqual({
      path: 'username',
      message: 'Username must not contain control characters',
    });
  });

  it('refuses a NUL in a search with 400 (users, transactions)', async () => {
    const users = await call('GET', '/api/users?search=%00');
    expect(users.status).toBe(400);
    expect(errorsOf(users)).toContainEqual({ path: 'search', message: 'Search must not contain control characters' });
    const transactions = await call('GET', '/api/transactions?search=a%00b');
    expect(transactions.status).toBe(400);
    expect(errorsOf(transactions)).toContainEqual({
      path: 'search',
      message: 'Search must not contain control characters',
    });
  });

  it("refuses a NUL in an income's source, a budget's notes and a user's first name with 400 naming the field", async () => {
    const income = await call('POST', '/api/income', {
      json: { amount: '10.00', source: 'a\u0000b', date: '2026-01-15' },
    });
    expect(income.status).toBe(400);
    expect(errorsOf(income)).toContainEqual({ path: 'source', message: 'Source must not contain control characters' });
    const budget = await call('POST', '/api/budgets', {
      json: { quarter: 'Term 1', year: 2021, category: 'admin', plannedAmount: '10.00', notes: 'a\u0000b' },
    });
    expect(budget.status).toBe(400);
    expect(errorsOf(budget)).toContainEqual({ path: 'notes', message: 'Notes must not contain control characters' });
    const user = await call('POST', '/api/users', {
      json: { firstName: 'a\u0000', lastName: 'B', username: 'nulname', password: 'Temp!Pass1', role: 'viewer' },
    });
    expect(user.status).toBe(400);
    expect(errorsOf(user)).toContainEqual({
      path: 'firstName',
      message: 'First name must not contain control characters',
    });
  });

  it('refuses a lone surrogate, which PostgreSQL cannot store, with 400 naming the field', async () => {
    const income = await call('POST', '/api/income', {
      json: { amount: '10.00', source: 'Donor', date: '2026-01-15', remarks: 'a\ud800' },
    });
    expect(income.status).toBe(400);
    expect(errorsOf(income)).toContainEqual({
      path: 'remarks',
      message: 'Remarks must not contain unpaired surrogate characters',
    });
  });

  it('keeps tabs and line breaks in a multi-line field, and refuses them in a one-line field', async () => {
    const kept = await call('POST', '/api/income', {
      json: { amount: '10.00', source: 'Donor', date: '2026-01-15', remarks: 'first line\r\nsecond\tline' },
    });
    expect(kept.status).toBe(201);
    expect(kept.body.remarks).toBe('first line\r\nsecond\tline');
    const refused = await call('POST', '/api/income', {
      json: { amount: '10.00', source: 'Two\nlines', date: '2026-01-15' },
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toContainEqual({ path: 'source', message: 'Source must be a single line' });
  });

  it('answers a value PostgreSQL refuses with 400 in every service, not only in beneficiaries', async () => {
    const income = await call('POST', '/api/income', {
      json: { amount: '10.00', source: 'Donor', date: '0000-01-01' },
    });
    expect(income.status).toBe(400);
    expect(income.body.message).toBe('A value is out of range');
  });
});

describe('the audit log refuses what it cannot use with 400, never 502', () => {
  it('refuses a NUL in the actor filter', async () => {
    const answer = await call('GET', '/api/audit?actor=%00');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({ path: 'actor', message: 'Actor must not contain control characters' });
  });

  it.each([
    ['a time that is only a year', Buffer.from(JSON.stringify(['2026', 'identity', 1])).toString('base64url')],
    [
      'an unknown domain',
      Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'payroll', 1])).toString('base64url'),
    ],
    [
      'a negative position',
      Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'identity', -1])).toString('base64url'),
    ],
    ['an object', Buffer.from(JSON.stringify({ at: '2026-01-01T00:00:00.000Z' })).toString('base64url')],
    ['not base64 JSON at all', 'not-a-cursor'],
  ])('refuses a cursor holding %s', async (_what, cursor) => {
    const answer = await call('GET', `/api/audit?cursor=${cursor}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The cursor is not valid');
  });

  it("passes a service's 4xx on as that 4xx (a date before the year 1, which the services' timestamps cannot hold)", async () => {
    const answer = await call('GET', '/api/audit?from=0000-01-01');
    expect(answer.status).toBe(400);
    expect(answer.body.message).not.toContain('unavailable');
  });

  it('treats a session cookie no session could have as no session (401), not as identity being down', async () => {
    const answer = await callGateway(gateway.url, 'GET', '/api/auth/user', { session: `kcf_sid=${'x'.repeat(300)}` });
    expect(answer.status).toBe(401);
  });
});

describe('input fuzz (every route of the inventory)', () => {
  // About 6,000 requests: under a minute on two idle cores; the bound leaves room for a busy machine.
  beforeAll(async () => {
    await pool(fuzzTasks().map((t) => t.run));
  }, 300_000);

  it('reaches every route of every service and of the gateway', () => {
    const missing = routes.map((t) => `${t.owner} ${keyOf(t.route)}`).filter((name) => !reached.has(name));
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(90);
  });

  // A fuzz that ended its own session would test nothing but the sign-in check.
  it('stays signed in throughout: no signed-in request is answered 401', async () => {
    const unauthorized = [...results.values()].flatMap((sent) =>
      sent.filter((r) => r.session && r.status === 401).map((r) => r.label),
    );
    expect([...results.values()].flat().filter((r) => r.session).length).toBeGreaterThan(3000);
    expect(unauthorized).toEqual([]);
    expect((await call('GET', '/api/auth/user')).status).toBe(200);
  });

  it('has a valid body for every route whose schema reads one', () => {
    const without = routes
      .filter((t) => t.route.body && !BASE_BODIES[keyOf(t.route)])
      .map((t) => `${t.owner} ${keyOf(t.route)}`);
    expect(without).toEqual([]);
  });

  it.each(['signed out: query', 'signed out: body', 'signed in: query', 'signed in: body', 'signed in: path'])(
    'answers no 5xx (%s)',
    (kind) => {
      expect(results.get(kind)?.length).toBeGreaterThan(0);
      expect(failed(kind)).toEqual([]);
    },
  );
});

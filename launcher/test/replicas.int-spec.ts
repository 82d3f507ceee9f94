import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  createTestDatabase,
  freePort,
  startNatsServer,
  uniqueName,
  type TestDatabase,
  type TestNatsServer,
} from '@kcf/testing';
import { callGateway, signInAt } from './gateway-calls';

/**
 * The product past one machine: two replicas of every service and two gateways, each its own process (the built
 * dist/main.js, as a pod runs it), against one PostgreSQL and one NATS, with a round-robin balancer in front of
 * each service's pair (what a Kubernetes Service does). The replicas of a service start at the same moment on an
 * empty database, as a Deployment's pods do.
 */
const ROOT = join(__dirname, '..', '..');
const MAINS = {
  identity: join(ROOT, 'svc-identity/dist/main.js'),
  beneficiaries: join(ROOT, 'svc-beneficiaries/dist/main.js'),
  finance: join(ROOT, 'svc-finance/dist/main.js'),
  gateway: join(ROOT, 'gateway/dist/main.js'),
};
const SECRET = 'replicas-internal-secret-'.padEnd(48, 'x');
const ADMIN = { username: 'root', password: 'Str0ng!Pass' };
type Service = 'identity' | 'beneficiaries' | 'finance';
const SERVICES: Service[] = ['identity', 'beneficiaries', 'finance'];

const cleanups: (() => Promise<unknown>)[] = [];
const databases = {} as Record<Service, TestDatabase>;
let nats: TestNatsServer;
let gateways: string[] = [];
const requestsPerReplica = new Map<string, number>();

/** One process; its output is kept for the failure message. */
interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
}

function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: process.env.REPLICAS_LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
  return { name, child, output: () => output };
}

async function waitReady(proc: Proc, base: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.output()}`);
    const res = await fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${proc.name} was not ready within ${timeoutMs} ms:\n${proc.output()}`);
}

/** A round-robin balancer in front of a service's replicas; counts the requests each one got. */
async function startBalancer(targets: string[]): Promise<string> {
  let next = 0;
  const server: Server = createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    requestsPerReplica.set(target.origin, (requestsPerReplica.get(target.origin) ?? 0) + 1);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve).closeAllConnections()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function query<T>(service: Service, text: string): Promise<T[]> {
  const client = new Client({ connectionString: databases[service].url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  for (const main of Object.values(MAINS)) {
    if (!existsSync(main)) throw new Error(`Build first (npx tsc -b tsconfig.build.json): ${main} is missing`);
  }
  nats = await startNatsServer();
  cleanups.push(() => nats.stop());
  for (const service of SERVICES) {
    databases[service] = await createTestDatabase(`replicas_${service}`);
    cleanups.push(() => databases[service].drop());
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'kcf-replicas-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  // Every replica's port first: each service's balancer must know where the other services are.
  const ports = Object.fromEntries(
    await Promise.all(SERVICES.map(async (s) => [s, [await freePort(), await freePort()]] as const)),
  ) as Record<Service, number[]>;
  const balancers = {} as Record<Service, string>;
  for (const service of SERVICES)
    balancers[service] = await startBalancer(ports[service].map((p) => `http://127.0.0.1:${p}`));
  const common = {
    INTERNAL_SECRET: SECRET,
    HOST: '127.0.0.1',
    NATS_URL: nats.url,
    NATS_STREAM: uniqueName('REPLICAS').replace(/-/g, '_').toUpperCase(),
    NATS_SUBJECT_PREFIX: uniqueName('replicas').replace(/-/g, '_').toLowerCase(),
    OUTBOX_POLL_MS: '200',
    DATA_DIR: dataDir,
    IDENTITY_URL: balancers.identity,
    BENEFICIARIES_URL: balancers.beneficiaries,
    FINANCE_URL: balancers.finance,
  };
  const started: Promise<void>[] = [];
  for (const service of SERVICES) {
    ports[service].forEach((port, i) => {
      const env = {
        ...common,
        PORT: String(port),
        DATABASE_URL: databases[service].url,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      };
      const proc = startProcess(`svc-${service} #${i + 1}`, MAINS[service], env);
      started.push(waitReady(proc, `http://127.0.0.1:${port}`));
    });
  }
  await Promise.all(started);
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const proc = startProcess(`gateway #${i + 1}`, MAINS.gateway, { ...common, PORT: String(port) });
    await waitReady(proc, `http://127.0.0.1:${port}`);
    gateways.push(`http://127.0.0.1:${port}`);
  }
}, 300_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  gateways = [];
});

it('starts both replicas of each service together on an empty database: one set of tables, one superadmin', async () => {
  const [{ n }] = await query<{ n: number }>(
    'identity',
    `SELECT count(*)::int AS n FROM users WHERE role = 'superadmin'`,
  );
  expect(n).toBe(1);
  for (const service of SERVICES) {
    const migrations = await query<{ name: string; n: number }>(
      service,
      'SELECT name, count(*)::int AS n FROM migrations GROUP BY name HAVING count(*) > 1',
    );
    expect(migrations).toEqual([]);
  }
});

it('takes a session made on one gateway on the other, and refuses it on the other at once when it ends', async () => {
  const [a, b] = gateways;
  const session = await signInAt(a, ADMIN.username, ADMIN.password);
  expect((await callGateway(a, 'GET', '/api/auth/user', { session })).status).toBe(200);
  expect((await callGateway(b, 'GET', '/api/auth/user', { session })).status).toBe(200);
  // Both gateways now hold the session in their caches; it ends through gateway b.
  expect((await callGateway(b, 'GET', '/api/auth/user', { session })).status).toBe(200);
  expect((await callGateway(a, 'GET', '/api/auth/user', { session })).status).toBe(200);
  expect((await callGateway(b, 'POST', '/api/logout/local', { session })).status).toBeLessThan(400);
  expect((await callGateway(a, 'GET', '/api/auth/user', { session })).status).toBe(401);
  expect((await callGateway(b, 'GET', '/api/auth/user', { session })).status).toBe(401);
});

it('handles each event once across the replicas and keeps every budget equal to its expenses', async () => {
  const [a, b] = gateways;
  const sessions = [
    await signInAt(a, ADMIN.username, ADMIN.password),
    await signInAt(b, ADMIN.username, ADMIN.password),
  ];
  const year = new Date().getUTCFullYear();
  const saved = async (gateway: number, path: string, json: unknown) => {
    const res = await callGateway(gateways[gateway], 'POST', path, { session: sessions[gateway], json });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body as { id: string };
  };
  await saved(0, '/api/income', { amount: '10000000', source: 'Church partners', date: `${year}-01-02` });
  const categories = ['school_fees', 'health', 'other'];
  for (const category of categories)
    await saved(1, '/api/budgets', { category, quarter: 'Term 1', year, plannedAmount: 1000000 });

  // 60 expenses at once, half through each gateway, spread over both replicas of finance.
  const expenses = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      saved(i % 2, '/api/expenses', {
        amount: `${100 + i}.50`,
        category: categories[i % 3],
        date: `${year}-02-${String((i % 27) + 1).padStart(2, '0')}`,
        description: `Replica expense ${i}`,
      }),
    ),
  );
  expect(new Set(expenses.map((e) => e.id)).size).toBe(60);

  // Every budget's used amount equals the sum of its expenses once both replicas' consumers are done.
  await waitFor(
    'the budgets to settle',
    async () => {
      const off = await query<{ n: number }>(
        'finance',
        `
        SELECT count(*)::int AS n FROM budgets b
        WHERE b.used_amount <> coalesce((SELECT sum(e.amount) FROM expenses e WHERE e.category = b.category
          AND e.date >= make_date(b.year, 1, 1) AND e.date < make_date(b.year, 5, 1)), 0)`,
      );
      const outbox = await query<{ n: number }>(
        'finance',
        'SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL',
      );
      return off[0].n === 0 && outbox[0].n === 0;
    },
    30_000,
  );
  const [{ used }] = await query<{ used: string }>('finance', 'SELECT sum(used_amount)::text AS used FROM budgets');
  expect(Number(used)).toBe(expenses.reduce((sum, _, i) => sum + 100 + i + 0.5, 0));

  // Each expense event was handled once by the budget consumer of one replica, and each "created by" event once
  // by identity's: one processed row per event and consumer, one record of who made each expense.
  const published = await query<{ n: number }>(
    'finance',
    `SELECT count(*)::int AS n FROM outbox WHERE subject LIKE '%finance.expense.created'`,
  );
  expect(published[0].n).toBe(60);
  await waitFor(
    'identity to record who made each expense',
    async () =>
      (
        await query<{ n: number }>(
          'identity',
          `SELECT count(*)::int AS n FROM user_records WHERE record_type = 'expense'`,
        )
      )[0].n >= 60,
    30_000,
  );
  const records = await query<{ record_id: string; n: number }>(
    'identity',
    `SELECT record_id, count(*)::int AS n FROM user_records WHERE record_type = 'expense' GROUP BY record_id`,
  );
  expect(records).toHaveLength(60);
  expect(records.filter((r) => r.n !== 1)).toEqual([]);
  // The budget consumer (named after the service, shared by both replicas) handled each of the 60 events once.
  // (The budgets can be exact before the last event is handled: each handling recomputes from the expenses.)
  await waitFor(
    'the budget consumer to handle the 60 events',
    async () =>
      (
        await query<{ n: number }>(
          'finance',
          `SELECT count(*)::int AS n FROM processed_events WHERE consumer LIKE '%budget-usage'`,
        )
      )[0].n >= 60,
    30_000,
  );
  const processed = await query<{ consumer: string; n: number; distinct_events: number }>(
    'finance',
    `SELECT consumer, count(*)::int AS n, count(DISTINCT event_id)::int AS distinct_events FROM processed_events WHERE consumer LIKE '%budget-usage' GROUP BY consumer`,
  );
  expect(processed).toEqual([{ consumer: 'finance-budget-usage', n: 60, distinct_events: 60 }]);

  // The balancers did spread the work: every replica answered requests.
  expect([...requestsPerReplica.values()].every((n) => n > 0)).toBe(true);
  expect(requestsPerReplica.size).toBe(6);
}, 300_000);

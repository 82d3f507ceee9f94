import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DEFAULT_RETRY_SCHEDULE, signUserContext } from '@kcf/server-kit';
import {
  freePort,
  startNatsServer,
  startPostgresServer,
  uniqueName,
  type TestNatsServer,
  type TestPostgresServer,
} from '@kcf/testing';
import { SECRET, USERS, waitFor } from './finance-harness';
import { startStandInServices, type StandInServices } from './stand-in-services';

/**
 * The fault test of writes: svc-finance as its own process (the built dist/main.js) on a PostgreSQL server
 * and a NATS server of this test's own, under a stream of expenses sent with an Idempotency-Key and retried
 * as the browser retries them. PostgreSQL is restarted (fast shutdown: every connection ends) mid-stream,
 * then the service is killed with SIGKILL and started again. Every expense must exist exactly once, the
 * restart must cost no 5xx answer (none from the restart until the kill, which comes after the service's
 * own retries of a failed unit of work have had their whole budget), and every budget must equal the sum of
 * its expenses.
 */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

let pg: TestPostgresServer;
let nats: TestNatsServer;
let others: StandInServices;
let dataDir: string;
let databaseUrl: string;
let child: ChildProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`Build first (npx tsc -b tsconfig.build.json): ${MAIN} is missing`);
  pg = await startPostgresServer();
  nats = await startNatsServer();
  others = await startStandInServices(SECRET);
  dataDir = await mkdtemp(join(tmpdir(), 'kcf-faults-'));
  databaseUrl = await pg.createDatabase('finance');
  env = {
    DATABASE_URL: databaseUrl,
    INTERNAL_SECRET: SECRET,
    NATS_URL: nats.url,
    NATS_STREAM: uniqueName('FAULTS').replace(/-/g, '_').toUpperCase(),
    NATS_SUBJECT_PREFIX: uniqueName('faults').replace(/-/g, '_').toLowerCase(),
    BENEFICIARIES_URL: others.url,
    IDENTITY_URL: others.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    OUTBOX_POLL_MS: '100',
  };
}, 60_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await Promise.all([pg?.stop(), nats?.stop(), others?.stop()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startProcess(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitFor(
    `svc-finance on port ${port} (${stderr})`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`exited with ${proc.exitCode}: ${stderr}`);
      return (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined))?.ok;
    },
    30_000,
  );
  return proc;
}

/** A query on a connection of its own (the server restarts under the test). */
async function query<T extends Record<string, unknown>>(text: string): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const killHard = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });

const admin = () =>
  signUserContext(
    { userId: USERS.admin.id, role: 'admin', sessionId: 's', beneficiaryId: null, mustChangePassword: false },
    SECRET,
  );

/** What every answer of the stream was, in the order they came. */
const answers: { status: number | 'no answer'; at: number }[] = [];

/** A save as the browser sends it (web-kit's apiRequest): one key, retried on no answer, 502, 503, 504 and 409 + Retry-After. */
async function save(url: string, body: unknown, key: string): Promise<number> {
  const delays = [500, 1000, 2000, 4000, 4000, 4000];
  for (let retry = 0; ; retry++) {
    let status: number;
    let retryAfter: string | null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...admin(), 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      await res.arrayBuffer();
    } catch {
      answers.push({ status: 'no answer', at: Date.now() });
      if (retry >= delays.length) throw new Error(`no answer for ${key}`);
      await new Promise((r) => setTimeout(r, delays[retry]));
      continue;
    }
    answers.push({ status, at: Date.now() });
    const again = status === 502 || status === 503 || status === 504 || (status === 409 && retryAfter !== null);
    if (!again || retry >= delays.length) return status;
    await new Promise((r) => setTimeout(r, delays[retry]));
  }
}

const CATEGORIES = ['school_fees', 'health', 'other'] as const;
const TERMS = [
  ['Term 1', '2026-03-'],
  ['Term 2', '2026-07-'],
  ['Term 3', '2026-10-'],
] as const;

it('keeps every expense exactly once through a PostgreSQL restart and a killed service, without a 5xx for the restart', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = await startProcess(port);
  expect(
    await save(
      `${base}/api/income`,
      { amount: '100000000', source: 'Church partners', date: '2026-01-01' },
      'income-1',
    ),
  ).toBe(201);
  for (const category of CATEGORIES) {
    for (const [quarter] of TERMS) {
      expect(
        await save(
          `${base}/api/budgets`,
          { category, quarter, year: 2026, plannedAmount: 1000000 },
          `budget-${category}-${quarter}`,
        ),
      ).toBe(201);
    }
  }

  // About 12 writes a second, from before the restart until a second after the kill.
  const writes: Promise<number>[] = [];
  const keys: string[] = [];
  const restartWindow = { from: 0, to: 0 };
  const stream = (async () => {
    for (let i = 0; restartWindow.to === 0 || Date.now() < restartWindow.to + 1_000; i++) {
      const key = `expense-${i}`;
      keys.push(key);
      const body = {
        amount: `${(i % 97) + 10}.${String(i % 100).padStart(2, '0')}`,
        category: CATEGORIES[i % CATEGORIES.length],
        date: `${TERMS[i % TERMS.length][1]}${String((i % 28) + 1).padStart(2, '0')}`,
        description: key,
      };
      writes.push(save(`${base}/api/expenses`, body, key));
      await new Promise((r) => setTimeout(r, 80));
    }
  })();

  await new Promise((r) => setTimeout(r, 1_000));
  restartWindow.from = Date.now();
  await pg.restart();
  // A write that met the restart is tried again by the service for at most its retry budget, then answered
  // (503 if the budget ran out): every such answer comes before the kill.
  await new Promise((r) => setTimeout(r, DEFAULT_RETRY_SCHEDULE.budgetMs + 500));
  restartWindow.to = Date.now();

  await killHard(child);
  child = await startProcess(port);
  await stream;
  const statuses = await Promise.all(writes);

  // The restart cost no 5xx, early or late: the service ran each unit of work again on a fresh connection.
  const during = answers.filter((a) => a.at >= restartWindow.from && a.at <= restartWindow.to);
  expect(during.length).toBeGreaterThan(0);
  expect(during.filter((a) => typeof a.status === 'number' && a.status >= 500)).toEqual([]);
  // The kill did happen mid-stream: some tries got no answer, and were retried.
  expect(answers.some((a) => a.status === 'no answer')).toBe(true);
  // Every expense was saved, and exactly once.
  expect(statuses.every((s) => s === 201)).toBe(true);
  const saved = await query<{ description: string; n: number }>(
    `SELECT description, count(*)::int AS n FROM expenses GROUP BY description`,
  );
  expect(saved.filter((r) => r.n !== 1)).toEqual([]);
  expect(saved.map((r) => r.description).sort()).toEqual([...keys].sort());

  // Every budget equals the sum of its expenses once the events are settled (after a kill, JetStream
  // delivers what was not acknowledged again after its ack wait).
  await waitFor(
    'every used amount to equal the sum of its expenses',
    async () => {
      const rows = await query<{ off: number }>(`
        SELECT count(*)::int AS off FROM budgets b
        WHERE b.used_amount <> coalesce((SELECT sum(e.amount) FROM expenses e WHERE e.category = b.category
          AND e.date >= make_date(b.year, CASE b.quarter WHEN 'Term 1' THEN 1 WHEN 'Term 2' THEN 5 ELSE 9 END, 1)
          AND e.date < make_date(b.year, CASE b.quarter WHEN 'Term 1' THEN 5 WHEN 'Term 2' THEN 9 ELSE 12 END, CASE b.quarter WHEN 'Term 3' THEN 31 ELSE 1 END) + CASE b.quarter WHEN 'Term 3' THEN 1 ELSE 0 END), 0)`);
      return rows[0].off === 0;
    },
    60_000,
  );
  await killHard(child);
  child = undefined;
}, 150_000);

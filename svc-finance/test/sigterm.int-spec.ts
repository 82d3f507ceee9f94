import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { signUserContext } from '@kcf/server-kit';
import {
  createTestDatabase,
  freePort,
  startNatsServer,
  uniqueName,
  type TestDatabase,
  type TestNatsServer,
} from '@kcf/testing';
import { SECRET, USERS, waitFor } from './finance-harness';
import { startStandInServices, type StandInServices } from './stand-in-services';

/**
 * svc-finance as it runs in production (the built dist/main.js, its own process) stopped with SIGTERM while
 * 50 writes are in flight: readiness answers 503 at once, every write is answered and saved, what they
 * committed is published, and the process exits 0.
 */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

let db: TestDatabase;
let nats: TestNatsServer;
let others: StandInServices;
let dataDir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`Build first (npx tsc -b tsconfig.build.json): ${MAIN} is missing`);
  db = await createTestDatabase('finance_sigterm');
  nats = await startNatsServer();
  others = await startStandInServices(SECRET);
  dataDir = await mkdtemp(join(tmpdir(), 'kcf-sigterm-'));
}, 60_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await Promise.all([nats?.stop(), others?.stop()]);
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const admin = () =>
  signUserContext(
    { userId: USERS.admin.id, role: 'admin', sessionId: 's', beneficiaryId: null, mustChangePassword: false },
    SECRET,
  );
const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...admin(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('answers the 50 writes in flight at SIGTERM, says not ready meanwhile, publishes what they saved and exits 0', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: db.url,
    INTERNAL_SECRET: SECRET,
    NATS_URL: nats.url,
    NATS_STREAM: uniqueName('SIGTERM').replace(/-/g, '_').toUpperCase(),
    NATS_SUBJECT_PREFIX: uniqueName('sigterm').replace(/-/g, '_').toLowerCase(),
    BENEFICIARIES_URL: others.url,
    IDENTITY_URL: others.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    OUTBOX_POLL_MS: '100',
    SHUTDOWN_DELAY_MS: '500',
    SHUTDOWN_GRACE_MS: '15000',
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  const proc = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = proc;
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitFor(
    `svc-finance on port ${port}`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`exited with ${proc.exitCode}: ${stderr}`);
      return (await fetch(`${base}/health/ready`).catch(() => undefined))?.ok;
    },
    30_000,
  );
  expect((await post(base, '/api/income', { amount: '100000', source: 'Appeal', date: '2026-09-01' })).status).toBe(
    201,
  );

  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  const blocker = new Client({ connectionString: db.url });
  await blocker.connect();
  try {
    // Hold the totals row: the 50 expenses wait inside their transactions (or for a pooled connection).
    await blocker.query('BEGIN');
    await blocker.query('SELECT * FROM finance_totals FOR UPDATE');
    const inFlight = Array.from({ length: 50 }, (_, i) =>
      post(base, '/api/expenses', {
        amount: '10',
        category: 'other',
        description: `At SIGTERM ${i}`,
        date: '2026-09-02',
      }).then(
        (r) => r.status,
        (error: Error) => `no answer: ${error.message}`,
      ),
    );
    const waiting = async () =>
      (
        await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0].n;
    await waitFor('the writes to reach the database', async () => (await waiting()) >= 9);

    proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 150));
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(proc.exitCode).toBeNull();

    await blocker.query('ROLLBACK');
    expect(await Promise.all(inFlight)).toEqual(Array(50).fill(201));
    expect(await exited).toEqual({ code: 0, signal: null });
    child = undefined;

    const saved = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM expenses WHERE description LIKE 'At SIGTERM %'`,
    );
    expect(saved.rows[0].n).toBe(50);
    // The relay published what they committed before the process let go of its database.
    expect((await sql.query(`SELECT id FROM outbox WHERE sent_at IS NULL`)).rows).toEqual([]);
  } finally {
    await blocker.end().catch(() => undefined);
    await sql.end().catch(() => undefined);
  }
}, 90_000);

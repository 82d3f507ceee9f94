import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '@kcf/testing';
import { callGateway, signInAt } from './gateway-calls';

/**
 * The one-process mode as `npm start` runs it (the built embedded-main.js, its own process, a fresh DATA_DIR)
 * stopped with SIGTERM while 30 requests are in flight — uploads whose bodies are still arriving, keyed
 * writes, exports and plain reads, all waiting on the database: every one is answered, PostgreSQL stops
 * only after them, and the process exits 0 without an unhandled error.
 */
jest.setTimeout(120_000);

const MAIN = join(__dirname, '..', 'dist', 'embedded', 'embedded-main.js');
const ADMIN = { username: 'admin', password: 'Str0ng!Pass9' };

let dataDir: string;
let child: ChildProcess | undefined;
let lock: Client | undefined;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`Build first (npx tsc -b tsconfig.build.json): ${MAIN} is missing`);
  dataDir = await mkdtemp(join(tmpdir(), 'kcf-embedded-sigterm-'));
});

afterAll(async () => {
  await lock?.end().catch(() => undefined);
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    stopLeftoverPostgres();
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** After a failed run: the embedded PostgreSQL the killed process left running. */
function stopLeftoverPostgres(): void {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The smallest PDF file-type recognises, padded to `size` bytes. */
function pdf(size: number): Buffer {
  const body = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
  return Buffer.concat([body, Buffer.alloc(size - body.length, 0x20)]);
}

function documentForm(boundary: string, file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nlegal\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="d.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

interface InFlight {
  what: string;
  /** The status, or `no answer: …` when the connection ended without one. */
  answer: Promise<number | string>;
  /** Sends the rest of the body (for a body sent in two parts). */
  finish(): void;
}

/**
 * A request on a connection of its own. With `firstPart`, only that much of the body is sent now and the
 * rest when `finish()` is called; otherwise the whole request is sent at once.
 */
function send(
  base: string,
  what: string,
  method: string,
  path: string,
  options: { cookie: string; headers?: Record<string, string>; body?: Buffer; firstPart?: number },
): InFlight {
  const url = new URL(base);
  const body = options.body ?? Buffer.alloc(0);
  let rest = Buffer.alloc(0);
  let req: ReturnType<typeof request> | undefined;
  const answer = new Promise<number | string>((resolve) => {
    req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent: false,
        headers: { origin: base, cookie: options.cookie, 'content-length': String(body.length), ...options.headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', (error) => resolve(`no answer: ${error.message}`));
      },
    );
    req.on('error', (error) => resolve(`no answer: ${error.message}`));
  });
  if (options.firstPart === undefined) req!.end(body);
  else {
    req!.write(body.subarray(0, options.firstPart));
    rest = body.subarray(options.firstPart);
  }
  return { what, answer, finish: () => (options.firstPart === undefined ? undefined : req!.end(rest)) };
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

it('answers the 30 requests in flight at SIGTERM, then stops PostgreSQL and exits 0', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    SHUTDOWN_GRACE_MS: '20000',
  };
  const proc = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child = proc;
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitUntil(
    'the one-process mode to be ready',
    async () => {
      if (proc.exitCode !== null) throw new Error(`exited with ${proc.exitCode}: ${stderr}`);
      return (await fetch(`${base}/health/ready`).catch(() => undefined))?.ok === true;
    },
    60_000,
  );

  const cookie = await signInAt(base, ADMIN.username, ADMIN.password);
  const created = await callGateway(base, 'POST', '/api/beneficiaries', {
    session: cookie,
    json: {
      fullName: 'Shutdown Child',
      dateOfBirth: '2015-05-05',
      homeVillage: 'Shinyalu',
      subCounty: 'Lurambi',
      county: 'kakamega',
      guardianName: 'Ruth Chebet',
      guardianPhone: '0712345678',
      schoolName: 'Shinyalu Primary',
      gradeLevel: 'grade_4',
    },
  });
  expect(created.status).toBe(201);
  const childId = (created.body as { id: string }).id;

  // Hold the children's table: every request below waits on the database (or for a pooled connection).
  const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as {
    postgresPort: number;
    postgresPassword: string;
  };
  lock = new Client({
    connectionString: `postgres://postgres:${encodeURIComponent(state.postgresPassword)}@127.0.0.1:${state.postgresPort}/beneficiaries`,
  });
  // Stopped before this test lets go of it, PostgreSQL ends this connection too: the test says so, not jest.
  const lockLost: Error[] = [];
  lock.on('error', (error) => lockLost.push(error));
  await lock.connect();
  await lock.query('BEGIN');
  await lock.query('LOCK TABLE beneficiaries IN ACCESS EXCLUSIVE MODE');

  const json = (body: unknown) => ({
    body: Buffer.from(JSON.stringify(body)),
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  });
  const requests: InFlight[] = [];
  for (let i = 0; i < 6; i++) {
    const boundary = `kcf-${randomUUID()}`;
    const body = documentForm(boundary, pdf(512 * 1024));
    // Half of the file now, the rest after the signal.
    requests.push(
      send(base, `upload ${i}`, 'POST', `/api/beneficiaries/${childId}/documents`, {
        cookie,
        body,
        firstPart: body.length >> 1,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': randomUUID() },
      }),
    );
  }
  for (let i = 0; i < 4; i++) {
    requests.push(
      send(base, `keyed household member ${i}`, 'POST', `/api/beneficiaries/${childId}/household-members`, {
        cookie,
        ...json({ name: `Sibling ${i}`, relationship: 'Sibling', age: 3 + i }),
      }),
    );
    requests.push(
      send(base, `keyed child ${i}`, 'POST', '/api/beneficiaries', {
        cookie,
        ...json({
          fullName: `Second Child ${i}`,
          dateOfBirth: '2016-01-01',
          homeVillage: 'Shinyalu',
          subCounty: 'Lurambi',
          county: 'kakamega',
          guardianName: 'Ruth Chebet',
          guardianPhone: '0712345678',
          schoolName: 'Shinyalu Primary',
          gradeLevel: 'grade_3',
        }),
      }),
    );
  }
  for (let i = 0; i < 4; i++)
    requests.push(send(base, `export ${i}`, 'GET', '/api/beneficiaries/export.csv', { cookie }));
  for (let i = 0; i < 6; i++) {
    requests.push(send(base, `list ${i}`, 'GET', '/api/beneficiaries?limit=10', { cookie }));
    requests.push(send(base, `child ${i}`, 'GET', `/api/beneficiaries/${childId}`, { cookie }));
  }
  expect(requests).toHaveLength(30);
  // Within the lock's transaction pg_stat_activity stays one snapshot unless told to read again.
  const waiting = async () => {
    await lock!.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await lock!.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = 'beneficiaries' AND wait_event_type = 'Lock'`,
    );
    return Number(rows[0].n);
  };
  // The service's connections wait on the lock; the other requests wait for one of them.
  await waitUntil('the requests to wait on the lock', async () => (await waiting()) >= 8, 20_000);
  await sleep(1000);

  proc.kill('SIGTERM');
  await sleep(1500);
  expect({ exitCode: proc.exitCode, lockLost: lockLost.map(String) }).toEqual({ exitCode: null, lockLost: [] });
  for (const r of requests) r.finish();
  await sleep(500);
  await lock.query('COMMIT');
  await lock.end();
  lock = undefined;

  const answers = Object.fromEntries(await Promise.all(requests.map(async (r) => [r.what, await r.answer] as const)));
  const expected = Object.fromEntries(requests.map((r) => [r.what, /^(upload|keyed)/.test(r.what) ? 201 : 200]));
  expect(answers).toEqual(expected);
  expect(await exited).toEqual({ code: 0, signal: null });
  child = undefined;
  expect(stderr).not.toMatch(/unhandled|uncaught/i);
});

// `npm run bench`: figures, not a test. Starts the distributed mode on fresh databases, then measures a read
// route through the gateway and the same route on the service directly, and the memory of every process,
// and of the one-process mode.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteJetStreamStream, dropDatabasesWithPrefix } from '@kcf/testing';
import { startDistributed } from '../launcher/src/distributed.mjs';
import { repoRoot } from './lib/run.mjs';
import { cannon, CONNECTIONS, DURATION, rssMiB, signContext } from './bench/lib.mjs';

const ADMIN = { username: 'bench', password: 'Bench!Pass9' };
const id = `bench_${Math.random().toString(36).slice(2, 8)}`;

const rows = [];
const memory = [];
/** Free-form lines the domain benchmarks print after the tables. */
const notes = [];
const dataDir = await mkdtemp(join(tmpdir(), 'kcf-bench-'));
const app = await startDistributed({
  autoPorts: true,
  env: {
    ...process.env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${id}`,
    NATS_STREAM: id.toUpperCase(),
    NATS_SUBJECT_PREFIX: id,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
  },
  log: () => undefined,
});
try {
  /** Signs in (again): a long wait, such as the seed's events being consumed, outlasts the 5-minute idle session. */
  const signIn = async () => {
    const login = await fetch(`${app.url}/api/login/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    return { cookie: login.headers.get('set-cookie').split(';')[0], user: (await login.json()).user };
  };
  const { cookie, user } = await signIn();

  // Warm up both paths, then measure.
  await cannon('warm-up', { url: `${app.url}/api/auth/user`, headers: { cookie }, duration: 2 });
  rows.push(await cannon('GET /api/auth/user via gateway', { url: `${app.url}/api/auth/user`, headers: { cookie } }));
  const direct = `http://127.0.0.1:${app.ports.identity}/api/auth/user`;
  rows.push(
    await cannon('GET /api/auth/user direct to svc-identity', {
      url: direct,
      // The signed context is valid for 30 s: sign per request, as the gateway does.
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              ...signContext(app.internalSecret, {
                uid: user.id,
                role: user.role,
                sid: 'bench',
                bid: null,
                mcp: false,
              }),
            },
          }),
        },
      ],
    }),
  );
  // Each domain adds its figures in scripts/bench/<name>.bench.mjs: `export async function run(ctx)`
  // returning rows like cannon()'s, and printing anything else it measures.
  const ctx = { app, url: app.url, cookie, user, admin: ADMIN, cannon, signContext, notes };
  ctx.signInAgain = async () => (ctx.cookie = (await signIn()).cookie);
  // BENCH_ONLY=beneficiaries,finance runs only those domains' files.
  const only = process.env.BENCH_ONLY
    ? process.env.BENCH_ONLY.split(',').map((name) => `${name.trim()}.bench.mjs`)
    : null;
  const files = (await readdir(join(repoRoot, 'scripts/bench'))).filter(
    (f) => f.endsWith('.bench.mjs') && (!only || only.includes(f)),
  );
  for (const file of files.sort()) {
    const mod = await import(join(repoRoot, 'scripts/bench', file));
    rows.push(...((await mod.run(ctx)) ?? []));
  }
  for (const [name, pid] of Object.entries(app.pids()))
    memory.push({ process: name, rssMiB: (await rssMiB(pid)).toFixed(1) });
} finally {
  await app.stopAll();
  await dropDatabasesWithPrefix(id);
  await deleteJetStreamStream(id.toUpperCase());
  await rm(dataDir, { recursive: true, force: true });
}

// The one-process mode's memory after start and a little traffic.
const embeddedDir = await mkdtemp(join(tmpdir(), 'kcf-bench-embedded-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const child = spawn(process.execPath, [join(repoRoot, 'launcher/dist/embedded/embedded-main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: embeddedDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
  },
  stdio: 'ignore',
});
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('one-process mode did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  await cannon('one-process warm-up', { url: `http://127.0.0.1:${port}/`, duration: 2 });
  memory.push({
    process: 'one-process mode (all services + gateway, excl. embedded postgres)',
    rssMiB: (await rssMiB(child.pid)).toFixed(1),
  });
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(embeddedDir, { recursive: true, force: true });
}

console.log(`\nLatency (ms) and throughput, ${CONNECTIONS} connections, ${DURATION} s each`);
const ms = (v) => Number(v.toFixed(2));
console.table(
  rows.map((r) => ({ route: r.title, p50: ms(r.p50), p95: ms(r.p95), p99: ms(r.p99), 'req/s': Math.round(r.rps) })),
);
const [via, dir] = rows;
if (notes.length) console.log(`\n${notes.join('\n')}`);
console.log(
  `gateway/direct ratio: p50 ${(via.p50 / Math.max(dir.p50, 0.01)).toFixed(2)}x, req/s ${(via.rps / dir.rps).toFixed(2)}x`,
);
console.log(`gateway cost per request at p50: ${(via.p50 - dir.p50).toFixed(2)} ms`);
console.log('\nMemory (RSS)');
console.table(memory);

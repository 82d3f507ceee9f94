// Audit figures for `npm run bench` (distributed mode, through the gateway).
// 1. What an audit entry costs the staff, in one run: a write (a household member of one child, with an
//    Idempotency-Key, as the browser sends it) and a child's profile read, one at a time on one kept-alive
//    connection, on two stacks of their own that differ only in BENCHMARK_WITHOUT_AUDIT (the benchmarks-only
//    setting under which the services record nothing; refused unless NODE_ENV=benchmark, so both run with
//    NODE_ENV=benchmark). The measurements alternate between the two in rounds (BENCH_AUDIT_ROUNDS), so a
//    slower moment of the machine falls on both; the note prints each p50 with and without the trail, the
//    difference and the ratio against the targets (a write's p50 +<= 1 ms, the profile +<= 0.5 ms).
// 2. With 1,000,000 entries seeded in svc-beneficiaries' trail (BENCH_AUDIT_ENTRIES to change): the Audit log's
//    query — its first page, a child's history, a person's, a filtered date range, a page deep in by cursor —
//    (target p95 <= 100 ms), and the chain's verification rate (target >= 50,000 entries/s).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { deleteJetStreamStream, dropDatabasesWithPrefix } from '@kcf/testing';
import { startDistributed } from '../../launcher/src/distributed.mjs';
import { repoRoot } from '../lib/run.mjs';
import { CONNECTIONS, createBenchChild, percentile } from './lib.mjs';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const ONE_AT_A_TIME = Number(process.env.BENCH_AUDIT_SAMPLES ?? 1500);
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 6);
const TARGETS = { writeP50GrowthMs: 1, profileP50GrowthMs: 0.5, queryP95Ms: 100, verifyPerSecond: 50_000 };
const SEED_BATCH = 100_000;
const ms = (v) => v.toFixed(2);

/** `count` requests one after another on one connection (after 50 not counted); their latencies in ms. */
async function oneAtATime(count, send) {
  const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
  const times = [];
  try {
    for (let i = 0; i < count + 50; i++) {
      const t = process.hrtime.bigint();
      await send(dispatcher);
      if (i >= 50) times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  } finally {
    await dispatcher.close();
  }
  return times;
}

function row(title, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const seconds = sorted.reduce((a, b) => a + b, 0) / 1000;
  return {
    title,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: sorted.length / seconds,
  };
}

async function seedEntries(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    for (let from = 0; from < count; from += SEED_BATCH) {
      await client.query(
        `INSERT INTO audit_entries (at, actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id, beneficiary_id, changes, details, request_id, client_ip, user_agent)
         SELECT now() - ($2::int - g) * interval '20 seconds', 'bench-user-' || (g % 20), 'user' || (g % 20), 'Bench User ' || (g % 20), 'admin',
           (ARRAY['view', 'update', 'create'])[g % 3 + 1], 'beneficiary', 'KCF-' || lpad((g % 10000)::text, 6, '0'), 'KCF-' || lpad((g % 10000)::text, 6, '0'),
           CASE WHEN g % 3 = 1 THEN '[{"field": "guardianPhone", "from": "0712 345 678", "to": "0722 345 678"}]'::jsonb END,
           NULL, 'bench-' || g, '10.0.0.1', 'Mozilla/5.0 (Linux; Android 10)'
         FROM generate_series($1::int + 1, least($1::int + ${SEED_BATCH}, $2::int)) g`,
        [from, count],
      );
    }
    // This machine's PostgreSQL may run without autovacuum (bench.mjs notes it): index-only walks need the visibility map.
    await client.query('VACUUM (ANALYZE) audit_entries');
    return Date.now() - started;
  } finally {
    await client.end();
  }
}

/**
 * A distributed stack of its own (fresh databases and stream), the audit trail on or off; signed in as its
 * first superadmin, with one child. `stop()` ends it and drops what it made.
 */
async function startStack(name, ctx, withoutAudit) {
  const id = `bench_audit_${name}_${Math.random().toString(36).slice(2, 8)}`;
  const dataDir = await mkdtemp(join(tmpdir(), `kcf-bench-audit-${name}-`));
  const warnings = [];
  let app;
  const stop = async () => {
    await app?.stopAll();
    await dropDatabasesWithPrefix(id);
    await deleteJetStreamStream(id.toUpperCase());
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    app = await startDistributed({
      autoPorts: true,
      env: {
        ...process.env,
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${id}`,
        NATS_STREAM: id.toUpperCase(),
        NATS_SUBJECT_PREFIX: id,
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ctx.admin.username,
        ADMIN_PASSWORD: ctx.admin.password,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        // The same on both stacks: the benchmarks-only switch is refused in production.
        NODE_ENV: 'benchmark',
        BENCHMARK_WITHOUT_AUDIT: withoutAudit ? 'true' : 'false',
      },
      log: (processName, line) => {
        if (line.includes('BENCHMARK_WITHOUT_AUDIT'))
          // eslint-disable-next-line no-control-regex -- strips the terminal's colour codes (ESC [ … m)
          warnings.push(`${processName}: ${line.replace(/\x1b\[[0-9;]*m/g, '').trim()}`);
      },
    });
    const login = await fetch(`${app.url}/api/login/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ctx.admin),
    });
    if (!login.ok) throw new Error(`${name}: login failed: ${login.status}`);
    const stack = { name, app, url: app.url, cookie: login.headers.get('set-cookie').split(';')[0], warnings, stop };
    stack.child = await createBenchChild(stack, 'Bench Audit');
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The write and the profile read of `stack`'s child, `count` of each, one at a time. */
async function measure(stack, count) {
  const headers = { cookie: stack.cookie, 'content-type': 'application/json', origin: stack.url };
  const memberBody = JSON.stringify({ name: 'Bench Sibling', relationship: 'sibling', age: 9 });
  const write = await oneAtATime(count, async (dispatcher) => {
    const res = await request(`${stack.url}/api/beneficiaries/${stack.child}/household-members`, {
      dispatcher,
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: memberBody,
    });
    await res.body.dump();
    if (res.statusCode !== 201) throw new Error(`${stack.name}: household member: ${res.statusCode}`);
  });
  const profile = await oneAtATime(count, async (dispatcher) => {
    const res = await request(`${stack.url}/api/beneficiaries/${stack.child}`, { dispatcher, headers });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`${stack.name}: profile: ${res.statusCode}`);
  });
  return { write, profile };
}

/** How many entries the stack's svc-beneficiaries trail holds. */
async function entriesIn(stack) {
  const client = new pg.Client({ connectionString: stack.app.databaseUrls.beneficiaries });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) AS n FROM audit_entries')).rows[0].n);
  } finally {
    await client.end();
  }
}

/** "with 5.10 ms, without 4.60 ms: +0.50 ms (1.11x) -> meets the target (+<= 1 ms)" */
function growth(label, on, off, targetMs) {
  const a = percentile(
    [...on].sort((x, y) => x - y),
    50,
  );
  const b = percentile(
    [...off].sort((x, y) => x - y),
    50,
  );
  const diff = a - b;
  return `  ${label} p50: with the trail ${ms(a)} ms, without ${ms(b)} ms: ${diff >= 0 ? '+' : ''}${ms(diff)} ms (${(a / b).toFixed(2)}x) -> ${diff <= targetMs ? 'meets' : 'MISSES'} the target (+<= ${targetMs} ms)`;
}

/** Write and profile read with and without the trail, alternating between two otherwise identical stacks. */
async function sameRunComparison(ctx) {
  const on = await startStack('on', ctx, false);
  let off;
  try {
    off = await startStack('off', ctx, true);
    const perRound = Math.ceil(ONE_AT_A_TIME / ROUNDS);
    const samples = { on: { write: [], profile: [] }, off: { write: [], profile: [] } };
    for (let round = 0; round < ROUNDS; round++) {
      // on, off, off, on, ...: neither always goes first.
      const order = round % 2 === 0 ? [on, off] : [off, on];
      for (const stack of order) {
        const { write, profile } = await measure(stack, perRound);
        samples[stack.name].write.push(...write);
        samples[stack.name].profile.push(...profile);
      }
    }
    const [recorded, unrecorded] = [await entriesIn(on), await entriesIn(off)];
    if (unrecorded !== 0) throw new Error(`the stack without the trail recorded ${unrecorded} entries`);
    if (recorded < 2 * perRound * ROUNDS) throw new Error(`the stack with the trail recorded only ${recorded} entries`);
    if (off.warnings.length === 0) throw new Error('the stack without the trail did not warn that it records nothing');
    return {
      rows: [
        row(
          'POST /api/beneficiaries/:id/household-members with a key (1 at a time), with the audit trail',
          samples.on.write,
        ),
        row('POST /api/beneficiaries/:id/household-members with a key (1 at a time), without it', samples.off.write),
        row('GET /api/beneficiaries/:id (1 at a time), with the audit trail', samples.on.profile),
        row('GET /api/beneficiaries/:id (1 at a time), without it', samples.off.profile),
      ],
      notes: [
        '',
        `What an audited request costs, in this run: ${ROUNDS} alternating rounds, ${samples.on.write.length} requests of each kind on each of two stacks that differ only in BENCHMARK_WITHOUT_AUDIT (1 at a time, through the gateway)`,
        growth('write (household member)', samples.on.write, samples.off.write, TARGETS.writeP50GrowthMs),
        growth('child profile read', samples.on.profile, samples.off.profile, TARGETS.profileP50GrowthMs),
        `  entries recorded by svc-beneficiaries: ${recorded.toLocaleString('en-GB')} with the trail, ${unrecorded} without; the stack without it warned at start (${off.warnings.length} services)`,
      ],
    };
  } finally {
    await off?.stop();
    await on.stop();
  }
}

export async function run(ctx) {
  const { url, cannon, notes } = ctx;
  const headers = () => ({ cookie: ctx.cookie, 'content-type': 'application/json', origin: url });
  const comparison = await sameRunComparison(ctx);
  const rows = comparison.rows;
  notes.push(...comparison.notes);

  const probe = await fetch(`${url}/api/audit?limit=1`, { headers: headers() });
  if (probe.status === 404) {
    notes.push('  (this checkout has no audit log: only the rows above)');
    return rows;
  }

  const seedMs = await seedEntries(ctx.app.databaseUrls.beneficiaries, ENTRIES);
  notes.push(
    '',
    `Audit log with ${ENTRIES.toLocaleString('en-GB')} entries in svc-beneficiaries' trail (seeded through the chain trigger in ${(seedMs / 1000).toFixed(1)} s, VACUUM included)`,
  );
  const first = await (await fetch(`${url}/api/audit?limit=50`, { headers: headers() })).json();
  let deep = first.nextCursor;
  for (let i = 0; i < 20 && deep; i++)
    deep = (await (await fetch(`${url}/api/audit?limit=50&cursor=${deep}`, { headers: headers() })).json()).nextCursor;
  const queries = [
    ['first page', '/api/audit?limit=50'],
    ["a child's history", '/api/audit?beneficiaryId=KCF-004242&limit=10'],
    ["a person's activity", '/api/audit?actor=bench-user-7&limit=50'],
    [
      'changes in one week',
      `/api/audit?action=change&from=${new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 53 * 86_400_000).toISOString().slice(0, 10)}&limit=50`,
    ],
    ['page 21 by cursor', `/api/audit?limit=50&cursor=${deep}`],
  ];
  // Warm up as bench.mjs does for its first route: the services' connections prepare their statements and
  // the freshly vacuumed table's pages come into memory before anything is measured.
  for (const [, path] of queries)
    await cannon('warm-up', { url: `${url}${path}`, headers: { cookie: ctx.cookie }, duration: 1 });
  for (const [label, path] of queries) {
    const r = await cannon(`GET /api/audit: ${label}`, { url: `${url}${path}`, headers: { cookie: ctx.cookie } });
    rows.push(r);
    notes.push(
      `  ${label}: p95 ${ms(r.p95)} ms at ${CONNECTIONS} connections -> ${r.p95 <= TARGETS.queryP95Ms ? 'meets' : 'MISSES'} the target (<= ${TARGETS.queryP95Ms} ms)`,
    );
  }
  // The same first page one reviewer at a time: the answer's own time, without waiting behind 19 others.
  const alone = await cannon('GET /api/audit: first page (1 connection)', {
    url: `${url}${queries[0][1]}`,
    headers: { cookie: ctx.cookie },
    connections: 1,
  });
  rows.push(alone);
  notes.push(`  first page, 1 connection: p50 ${ms(alone.p50)} ms, p95 ${ms(alone.p95)} ms`);

  const require = createRequire(import.meta.url);
  const { verifyAuditChain } = require(join(repoRoot, 'libs/server-kit/dist/index.js'));
  const client = new pg.Client({ connectionString: ctx.app.databaseUrls.beneficiaries });
  await client.connect();
  try {
    const started = performance.now();
    const verdict = await verifyAuditChain(client, {});
    const seconds = (performance.now() - started) / 1000;
    if (!verdict.ok) throw new Error(`the seeded chain does not verify: ${verdict.reason}`);
    const rate = verdict.checked / seconds;
    notes.push(
      `  verification: ${verdict.checked.toLocaleString('en-GB')} entries in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en-GB')} entries/s -> ${rate >= TARGETS.verifyPerSecond ? 'meets' : 'MISSES'} the target (>= ${TARGETS.verifyPerSecond.toLocaleString('en-GB')}/s)`,
    );
  } finally {
    await client.end();
  }
  return rows;
}

// Audit figures for `npm run bench` (distributed mode, through the gateway).
// 1. What an audit entry costs the staff: a write (a household member of one child, with an Idempotency-Key,
//    as the browser sends it) and a child's profile read, one at a time on one kept-alive connection. These
//    rows are the same in a checkout without the audit trail, so `node scripts/bench-compare.mjs <that
//    checkout>` prints each as a ratio in one run (targets: a write's p50 +<= 1 ms, the profile +<= 0.5 ms).
// 2. With 1,000,000 entries seeded in svc-beneficiaries' trail (BENCH_AUDIT_ENTRIES to change): the Audit log's
//    query — its first page, a child's history, a person's, a filtered date range, a page deep in by cursor —
//    (target p95 <= 100 ms), and the chain's verification rate (target >= 50,000 entries/s).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { repoRoot } from '../lib/run.mjs';
import { CONNECTIONS, createBenchChild, percentile } from './lib.mjs';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const ONE_AT_A_TIME = Number(process.env.BENCH_AUDIT_SAMPLES ?? 1500);
const TARGETS = { queryP95Ms: 100, verifyPerSecond: 50_000 };
const SEED_BATCH = 100_000;
const ms = (v) => v.toFixed(2);

/** `count` requests one after another on one connection; their latencies in ms, sorted. */
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
  return times.sort((a, b) => a - b);
}

function row(title, times) {
  const seconds = times.reduce((a, b) => a + b, 0) / 1000;
  return { title, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps: times.length / seconds };
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

export async function run(ctx) {
  const { url, cannon, notes } = ctx;
  const headers = () => ({ cookie: ctx.cookie, 'content-type': 'application/json', origin: url });
  const child = await createBenchChild(ctx, 'Bench Audit');
  const memberBody = JSON.stringify({ name: 'Bench Sibling', relationship: 'sibling', age: 9 });

  const write = await oneAtATime(ONE_AT_A_TIME, async (dispatcher) => {
    const res = await request(`${url}/api/beneficiaries/${child}/household-members`, {
      dispatcher, method: 'POST', headers: { ...headers(), 'idempotency-key': randomUUID() }, body: memberBody,
    });
    await res.body.dump();
    if (res.statusCode !== 201) throw new Error(`household member: ${res.statusCode}`);
  });
  const profile = await oneAtATime(ONE_AT_A_TIME, async (dispatcher) => {
    const res = await request(`${url}/api/beneficiaries/${child}`, { dispatcher, headers: headers() });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`profile: ${res.statusCode}`);
  });
  const rows = [
    row('POST /api/beneficiaries/:id/household-members with a key (1 at a time)', write),
    row('GET /api/beneficiaries/:id (1 at a time)', profile),
  ];
  notes.push('', 'What an audited request costs (1 at a time; compare with a checkout without the trail: bench-compare.mjs)',
    `  write p50 ${ms(percentile(write, 50))} ms (p95 ${ms(percentile(write, 95))}); profile read p50 ${ms(percentile(profile, 50))} ms (p95 ${ms(percentile(profile, 95))})`);

  const probe = await fetch(`${url}/api/audit?limit=1`, { headers: headers() });
  if (probe.status === 404) {
    notes.push('  (this checkout has no audit log: only the rows above)');
    return rows;
  }

  const seedMs = await seedEntries(ctx.app.databaseUrls.beneficiaries, ENTRIES);
  notes.push('', `Audit log with ${ENTRIES.toLocaleString('en-GB')} entries in svc-beneficiaries' trail (seeded through the chain trigger in ${(seedMs / 1000).toFixed(1)} s, VACUUM included)`);
  const first = await (await fetch(`${url}/api/audit?limit=50`, { headers: headers() })).json();
  let deep = first.nextCursor;
  for (let i = 0; i < 20 && deep; i++) deep = (await (await fetch(`${url}/api/audit?limit=50&cursor=${deep}`, { headers: headers() })).json()).nextCursor;
  const queries = [
    ['first page', '/api/audit?limit=50'],
    ["a child's history", '/api/audit?beneficiaryId=KCF-004242&limit=10'],
    ["a person's activity", '/api/audit?actor=bench-user-7&limit=50'],
    ['changes in one week', `/api/audit?action=change&from=${new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 53 * 86_400_000).toISOString().slice(0, 10)}&limit=50`],
    ['page 21 by cursor', `/api/audit?limit=50&cursor=${deep}`],
  ];
  for (const [label, path] of queries) {
    const r = await cannon(`GET /api/audit: ${label}`, { url: `${url}${path}`, headers: { cookie: ctx.cookie } });
    rows.push(r);
    notes.push(`  ${label}: p95 ${ms(r.p95)} ms at ${CONNECTIONS} connections -> ${r.p95 <= TARGETS.queryP95Ms ? 'meets' : 'MISSES'} the target (<= ${TARGETS.queryP95Ms} ms)`);
  }
  // The same first page one reviewer at a time: the answer's own time, without waiting behind 19 others.
  const alone = await cannon('GET /api/audit: first page (1 connection)', { url: `${url}${queries[0][1]}`, headers: { cookie: ctx.cookie }, connections: 1 });
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
    notes.push(`  verification: ${verdict.checked.toLocaleString('en-GB')} entries in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en-GB')} entries/s -> ${rate >= TARGETS.verifyPerSecond ? 'meets' : 'MISSES'} the target (>= ${TARGETS.verifyPerSecond.toLocaleString('en-GB')}/s)`);
  } finally {
    await client.end();
  }
  return rows;
}

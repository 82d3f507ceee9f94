// Beneficiaries at scale: seeds 10,000 children (BENCH_CHILDREN to change), then measures through the
// gateway the list with a search and a sort, the first page against pages deep in the list (the middle and the last), and the
// CSV export of every row (time, and the service's memory while it streams); and the gifts list (10,000 gifts,
// BENCH_GIFTS to change) filtered, sorted and paged on the server, with its totals.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { CONNECTIONS, daysBefore, DURATION, eachNewPath, rssMiB } from './lib.mjs';
import { seed } from '../seed/10-beneficiaries.seed.mjs';

const CHILDREN = Number(process.env.BENCH_CHILDREN ?? 10_000);
const GIFTS = Number(process.env.BENCH_GIFTS ?? 10_000);
const TARGETS = { listP95Ms: 50, deepPageRatio: 2, exportMs: 2000, giftsP95Ms: 50 };

/**
 * Tops the gifts up to GIFTS rows straight in the service's database (the seed adds a few per child through
 * the API): spread over every child, both types and five years of dates, many on the same day.
 */
async function seedGifts(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM gifts');
    const missing = Math.max(0, GIFTS - rows[0].n);
    await client.query(
      `WITH kids AS (SELECT id, row_number() OVER (ORDER BY number) - 1 AS k, count(*) OVER () AS n FROM beneficiaries)
       INSERT INTO gifts (beneficiary_id, gift_type, amount, description, contents, date_given, created_at, updated_at)
       SELECT kids.id, CASE WHEN i % 3 = 0 THEN 'special' ELSE 'christmas' END, 500 + (i % 40) * 100, 'Gift', 'Books and shoes',
              date '2021-01-01' + (i % 1800), now(), now()
         FROM generate_series(1, $1::int) i JOIN kids ON kids.k = i % kids.n`,
      [missing],
    );
    return rows[0].n + missing;
  } finally {
    await client.end();
  }
}

async function waitForOutbox(ctx) {
  const url = `http://127.0.0.1:${ctx.app.ports.beneficiaries}/internal/outbox`;
  const system = { uid: 'system:bench', role: 'system', sid: '-', bid: null, mcp: false };
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(url, { headers: ctx.signContext(ctx.app.internalSecret, system) });
    const { pending } = await res.json();
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`outbox still has ${pending} unsent events`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** CPU time (user + system) a process has used, in ms. */
async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until the stack's processes are idle (other services still consuming the seed's events, e.g.
 * identity recording who created what, would otherwise be measured too). Answers the seconds waited.
 */
async function waitForQuiet(ctx, maxSeconds = 600) {
  const started = Date.now();
  const pids = Object.values(ctx.app.pids());
  for (;;) {
    const before = await Promise.all(pids.map(cpuMs));
    await new Promise((r) => setTimeout(r, 2000));
    const after = await Promise.all(pids.map(cpuMs));
    const busy = after.reduce((sum, v, i) => sum + v - before[i], 0);
    if (busy < 200 || Date.now() - started > maxSeconds * 1000) return (Date.now() - started) / 1000;
  }
}

/**
 * Leaves the service's database as autovacuum keeps it at rest: the visibility map set (the list's pages
 * are index-only walks) and fresh statistics. Every deployment runs PostgreSQL with autovacuum on; a
 * server with it off (some test machines) would otherwise be measured as just after a bulk load forever.
 */
async function vacuum(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW autovacuum');
    const started = performance.now();
    await client.query('VACUUM (ANALYZE)');
    return `beneficiaries: VACUUM (ANALYZE) after the seed in ${(performance.now() - started).toFixed(0)} ms (this server's autovacuum: ${rows[0].autovacuum})`;
  } finally {
    await client.end();
  }
}

/** Runs a cannon and also reports the CPU each named process spent per answered request. */
async function measured(ctx, pids, title, options) {
  const before = await Promise.all(Object.values(pids).map(cpuMs));
  const row = await ctx.cannon(title, options);
  const after = await Promise.all(Object.values(pids).map(cpuMs));
  const requests = row.rps * DURATION;
  row.cpu = Object.fromEntries(Object.keys(pids).map((name, i) => [name, (after[i] - before[i]) / requests]));
  return row;
}

/** One streamed download of the whole export: its time, rows, bytes and the service's peak memory meanwhile. */
async function timeExport(ctx, pid) {
  let peak = await rssMiB(pid);
  const sampler = setInterval(
    () =>
      rssMiB(pid).then(
        (v) => (peak = Math.max(peak, v)),
        () => undefined,
      ),
    20,
  );
  const started = performance.now();
  const res = await fetch(`${ctx.url}/api/beneficiaries/export.csv`, { headers: { cookie: ctx.cookie } });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { ms, rows: lines - 1, bytes, peak, header: res.headers.get('x-total-count') };
}

export async function run(ctx) {
  const log = (line) => console.log(line);
  const seeded = Date.now();
  await seed({ baseUrl: ctx.url, cookie: ctx.cookie, size: { children: CHILDREN }, seed: 42, log, previous: {} });
  const seedSeconds = (Date.now() - seeded) / 1000;
  await waitForOutbox(ctx);
  const drainedSeconds = (Date.now() - seeded) / 1000;
  await waitForQuiet(ctx);
  const quietSeconds = (Date.now() - seeded) / 1000;
  const giftCount = await seedGifts(ctx.app.databaseUrls.beneficiaries);
  log(`beneficiaries: ${giftCount} gifts`);
  const maintenance = await vacuum(ctx.app.databaseUrls.beneficiaries);
  await ctx.signInAgain();
  const seededLine = `beneficiaries: seeded ${CHILDREN} children with their records in ${seedSeconds.toFixed(1)} s; every event published after ${drainedSeconds.toFixed(1)} s, the stack idle again after ${quietSeconds.toFixed(1)} s`;
  ctx.notes.push(seededLine, maintenance);
  log(seededLine);
  log(maintenance);

  const headers = { cookie: ctx.cookie };
  const list = (query) => `${ctx.url}/api/beneficiaries?${new URLSearchParams(query)}`;
  await ctx.cannon('beneficiaries warm-up', { url: list({ sort: 'fullName', limit: '50' }), headers, duration: 2 });
  const rows = [];
  const all = ctx.app.pids();
  const pids = {
    gateway: all.gateway,
    'svc-beneficiaries': all['svc-beneficiaries'],
    'svc-identity': all['svc-identity'],
  };
  // What the machine gives right now: the platform's lightest route through the gateway.
  const baseline = await ctx.cannon('GET /api/auth/user via gateway (baseline, same moment)', {
    url: `${ctx.url}/api/auth/user`,
    headers,
  });
  const search = await measured(ctx, pids, 'GET /api/beneficiaries search=wafula sort=fullName', {
    url: list({ search: 'wafula', sort: 'fullName', dir: 'asc', limit: '50' }),
    headers,
  });
  const searchAge = await ctx.cannon('GET /api/beneficiaries search=sh sort=age desc', {
    url: list({ search: 'sh', sort: 'age', dir: 'desc', limit: '50' }),
    headers,
  });
  const first = await ctx.cannon('GET /api/beneficiaries sort=schoolName first page', {
    url: list({ sort: 'schoolName', limit: '50', offset: '0' }),
    headers,
  });
  // Deep pages: the middle of the order is the farthest a page is walked (past it, from the end); the last page.
  const middle = await ctx.cannon(`GET /api/beneficiaries sort=schoolName offset=${CHILDREN / 2}`, {
    url: list({ sort: 'schoolName', limit: '50', offset: String(CHILDREN / 2) }),
    headers,
  });
  const last = await ctx.cannon(`GET /api/beneficiaries sort=schoolName offset=${CHILDREN - 50}`, {
    url: list({ sort: 'schoolName', limit: '50', offset: String(CHILDREN - 50) }),
    headers,
  });
  const deep = middle.p95 >= last.p95 ? middle : last;
  // Gifts: a filtered page (child search, type, a date range, oldest first) deep in its order, and its totals.
  const giftQuery = {
    search: 'a',
    giftType: 'christmas',
    from: '2022-01-01',
    to: '2025-06-30',
    sort: 'dateGiven',
    dir: 'asc',
  };
  const giftsPage = await ctx.cannon('GET /api/gifts search=a giftType=christmas from..to dir=asc offset=480', {
    url: `${ctx.url}/api/gifts?${new URLSearchParams({ ...giftQuery, limit: '24', offset: '480' })}`,
    headers,
  });
  const giftsFirst = await ctx.cannon('GET /api/gifts first page (no filter)', {
    url: `${ctx.url}/api/gifts?limit=24`,
    headers,
  });
  const giftTotals = await ctx.cannon('GET /api/gifts/totals search=a giftType=christmas from..to', {
    url: `${ctx.url}/api/gifts/totals?${new URLSearchParams(giftQuery)}`,
    headers,
  });
  // The pages above repeat one filter, as staff paging through it do: its count is made once per version of the
  // list. Here every request is a filter never asked before (another last date, then another letter), so each
  // one also counts every match: what the first page of a new search costs.
  const giftsNewFilter = await ctx.cannon('GET /api/gifts the same page, a new filter on every request', {
    url: `${ctx.url}/api/gifts`,
    headers,
    requests: eachNewPath(
      (n) =>
        `/api/gifts?${new URLSearchParams({ ...giftQuery, search: 'aeiou'[Math.floor(n / 1000) % 5], to: daysBefore(giftQuery.to, n % 1000), limit: '24', offset: '480' })}`,
    ),
  });
  // The same two one request at a time: what one member of staff waits, without the other 19 connections' queue.
  const giftsPageAlone = await ctx.cannon(
    'GET /api/gifts search=a giftType=christmas from..to dir=asc offset=480, 1 connection',
    {
      url: `${ctx.url}/api/gifts?${new URLSearchParams({ ...giftQuery, limit: '24', offset: '480' })}`,
      headers,
      connections: 1,
    },
  );
  const giftTotalsAlone = await ctx.cannon('GET /api/gifts/totals search=a giftType=christmas from..to, 1 connection', {
    url: `${ctx.url}/api/gifts/totals?${new URLSearchParams(giftQuery)}`,
    headers,
    connections: 1,
  });
  rows.push(
    baseline,
    search,
    searchAge,
    first,
    middle,
    last,
    giftsPage,
    giftsFirst,
    giftTotals,
    giftsNewFilter,
    giftsPageAlone,
    giftTotalsAlone,
  );

  const pid = ctx.app.pids()['svc-beneficiaries'];
  const before = await rssMiB(pid);
  const exports = [];
  for (let i = 0; i < 3; i++) exports.push(await timeExport(ctx, pid));
  exports.sort((a, b) => a.ms - b.ms);
  const median = exports[1];

  const verdict = (ok) => (ok ? 'meets' : 'MISSES');
  const note = (...lines) => {
    ctx.notes.push(...lines);
    for (const line of lines) log(line);
  };
  const worstSearchP95 = Math.max(search.p95, searchAge.p95);
  const ratio = deep.p95 / Math.max(first.p95, 0.01);
  for (const r of rows)
    log(`${r.title}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${Math.round(r.rps)} req/s`);
  note(
    `beneficiaries: list with search and sort p95 ${worstSearchP95.toFixed(1)} ms (target <= ${TARGETS.listP95Ms}: ${verdict(worstSearchP95 <= TARGETS.listP95Ms)})`,
    `beneficiaries: CPU per list request (search + sort, 50 rows): ${Object.entries(search.cpu)
      .map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`)
      .join(
        ', ',
      )}; the lightest route (auth/user) p95 ${baseline.p95.toFixed(1)} ms at ${Math.round(baseline.rps)} req/s in the same minute`,
    `beneficiaries: deep page / first page p95 ${ratio.toFixed(2)}x, the slower of the middle (${(middle.p95 / Math.max(first.p95, 0.01)).toFixed(2)}x) and the last page (${(last.p95 / Math.max(first.p95, 0.01)).toFixed(2)}x) (p50 ${(deep.p50 / Math.max(first.p50, 0.01)).toFixed(2)}x; target <= ${TARGETS.deepPageRatio}x: ${verdict(ratio <= TARGETS.deepPageRatio)})`,
    `beneficiaries: CSV export of ${median.rows} rows (X-Total-Count ${median.header}), ${(median.bytes / 1024 / 1024).toFixed(2)} MiB, median of 3 in ${median.ms.toFixed(0)} ms (runs ${exports.map((e) => e.ms.toFixed(0)).join(', ')} ms; target < ${TARGETS.exportMs}: ${verdict(median.ms < TARGETS.exportMs)})`,
    `beneficiaries: gifts list filtered page p95 ${giftsPage.p95.toFixed(1)} ms, unfiltered first page ${giftsFirst.p95.toFixed(1)} ms, totals ${giftTotals.p95.toFixed(1)} ms with ${giftCount} gifts at ${CONNECTIONS} connections (target p95 <= ${TARGETS.giftsP95Ms} ms: ${verdict(Math.max(giftsPage.p95, giftTotals.p95) <= TARGETS.giftsP95Ms)}); one request at a time: filtered page p95 ${giftsPageAlone.p95.toFixed(1)} ms, totals ${giftTotalsAlone.p95.toFixed(1)} ms; the same page with a filter never asked before on every request (counted each time) p95 ${giftsNewFilter.p95.toFixed(1)} ms at ${Math.round(giftsNewFilter.rps)} req/s`,
    `beneficiaries: svc-beneficiaries RSS ${before.toFixed(1)} MiB before the exports, peak ${Math.max(...exports.map((e) => e.peak)).toFixed(1)} MiB while streaming`,
  );
  return rows;
}

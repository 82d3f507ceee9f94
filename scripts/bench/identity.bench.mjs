// Identity figures for `npm run bench` (distributed mode, through the gateway):
// 1. POST /api/login/local: latency and throughput with few connections; argon2id verification dominates,
//    so the bare argon2id verify time at the service's parameters is measured beside it.
// 2. The gateway's session check per request: the same request through the gateway with a session cookie
//    (checked, answer cached while the gateway hears identity's session notices) and without one (nothing to
//    check), one at a time, so the difference is the check and the signed context alone; plus the first
//    request of a fresh session (cache miss: a call to svc-identity, which is also what every request costs
//    while the notices are not heard) and the main table's gateway-vs-direct comparison.
import argon2 from 'argon2';
import { Agent, request } from 'undici';

const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 2);
const SAMPLES = Number(process.env.BENCH_SESSION_SAMPLES ?? 3000);
const FRESH_SESSIONS = Number(process.env.BENCH_FRESH_SESSIONS ?? 40);
/** The service's parameters (svc-identity/src/users/password-hasher.ts). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v) => v.toFixed(2);

/** Latencies (ms, sorted) of `n` requests sent one after another on one kept-alive connection. */
async function sequential(dispatcher, url, headers, n, expectStatus) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const res = await request(url, { dispatcher, headers });
    await res.body.dump();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.statusCode !== expectStatus) throw new Error(`${url}: ${res.statusCode}, expected ${expectStatus}`);
  }
  return times.sort((a, b) => a - b);
}

async function signIn(url, admin) {
  const res = await fetch(`${url}/api/login/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  await res.arrayBuffer();
  return res.headers.get('set-cookie').split(';')[0];
}

export async function run(ctx) {
  const { url, cookie, admin, cannon, notes } = ctx;
  const rows = [];

  // 1. Sign-in. Each call verifies one argon2id hash (19 MiB, 2 passes) and writes a session.
  const verifyTimes = [];
  const hash = await argon2.hash(admin.password, ARGON2);
  for (let i = 0; i < 20; i++) {
    const t = process.hrtime.bigint();
    await argon2.verify(hash, admin.password);
    verifyTimes.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  verifyTimes.sort((a, b) => a - b);
  const login = await cannon(`POST /api/login/local via gateway (${LOGIN_CONNECTIONS} connections)`, {
    url: `${url}/api/login/local`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
    connections: LOGIN_CONNECTIONS,
  });
  rows.push(login);

  // 2. Session check. An unknown path under /api/auth goes to svc-identity and answers 404 before any
  //    handler runs, so both requests cost the service the same; only the gateway's work differs.
  const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
  const probe = `${url}/api/auth/bench-session-check`;
  await sequential(dispatcher, probe, { cookie }, 300, 404);
  await sequential(dispatcher, probe, {}, 300, 404);
  const withSession = await sequential(dispatcher, probe, { cookie }, SAMPLES, 404);
  const without = await sequential(dispatcher, probe, {}, SAMPLES, 404);
  const cachedCost = percentile(withSession, 50) - percentile(without, 50);

  // First request of a session the gateway has not seen: it asks svc-identity (POST /internal/sessions/resolve).
  const fresh = [];
  const cached = [];
  for (let i = 0; i < FRESH_SESSIONS; i++) {
    const sid = await signIn(url, admin);
    const [first] = await sequential(dispatcher, probe, { cookie: sid }, 1, 404);
    const [second] = await sequential(dispatcher, probe, { cookie: sid }, 1, 404);
    fresh.push(first);
    cached.push(second);
    await fetch(`${url}/api/logout/local`, { method: 'POST', headers: { cookie: sid } }).then((r) => r.arrayBuffer());
  }
  fresh.sort((a, b) => a - b);
  cached.sort((a, b) => a - b);
  await dispatcher.close();

  notes.push(
    '',
    'Identity',
    `  argon2id verify (m=19 MiB, t=2, p=1) in the bench process: p50 ${ms(percentile(verifyTimes, 50))} ms, p95 ${ms(percentile(verifyTimes, 95))} ms`,
    `  sign-in via gateway, ${LOGIN_CONNECTIONS} connections: p50 ${ms(login.p50)} ms, p95 ${ms(login.p95)} ms, ${Math.round(login.rps)} sign-ins/s (argon2 is most of it)`,
    `  session check, one request at a time (${SAMPLES} each): with a cached session p50 ${ms(percentile(withSession, 50))} ms,` +
      ` without a session p50 ${ms(percentile(without, 50))} ms -> ${ms(cachedCost)} ms added at p50 (target <= 1 ms),` +
      ` ${(percentile(withSession, 50) / percentile(without, 50)).toFixed(2)}x` +
      ` [p95 ${ms(percentile(withSession, 95))} vs ${ms(percentile(without, 95))} ms]`,
    `  first request of a new session (cache miss, asks svc-identity): p50 ${ms(percentile(fresh, 50))} ms, p95 ${ms(percentile(fresh, 95))} ms;` +
      ` its second request p50 ${ms(percentile(cached, 50))} ms (${FRESH_SESSIONS} sessions)`,
  );
  return rows;
}

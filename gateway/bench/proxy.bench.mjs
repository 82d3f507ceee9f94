// Proxy overhead: the same route through the gateway and on the upstream directly.
// Not a test: prints latency percentiles, throughput and the ratio. Needs a build (`npx tsc -b gateway`).
//   node gateway/bench/proxy.bench.mjs [--duration=10] [--connections=20]
// The upstream, the gateway and autocannon each run in their own process.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { once } from 'node:events';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const SECRET = 'bench-secret-'.padEnd(48, 'b');
const SESSION = 'bench-session';

/** A stand-in service: resolves the one session, answers a list of about 1.5 KB of JSON. */
async function runUpstream() {
  const list = JSON.stringify(
    Array.from({ length: 10 }, (_, i) => ({
      id: `KCF-${String(i + 1).padStart(6, '0')}`,
      fullName: `Child ${i + 1}`,
      county: 'kakamega',
      isActive: true,
      createdAt: '2026-01-02T03:04:05.000Z',
    })),
  );
  const server = createServer((req, res) => {
    if (req.url === '/internal/sessions/resolve') {
      req.resume();
      const body = JSON.stringify({
        sessionId: 'h',
        user: { id: 'u1', role: 'viewer', beneficiaryId: null, mustChangePassword: false },
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      return res.end(body);
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(list) });
    res.end(list);
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }));
}

async function runGateway(upstream) {
  const { parseGatewayConfig, startGateway } = require(join(here, '..', 'dist', 'index.js'));
  const { InProcessSessionRevocations } = require('@kcf/server-kit/sessions');
  const gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      INTERNAL_SECRET: SECRET,
      IDENTITY_URL: upstream,
      BENEFICIARIES_URL: upstream,
      FINANCE_URL: upstream,
      LOG_LEVEL: 'error',
    }),
    // A notice channel (nothing is ever revoked here), so the session stays cached as in production.
    { shutdownHooks: false, sessionRevocations: new InProcessSessionRevocations() },
  );
  gateway.app.getHttpServer().keepAliveTimeout = 30_000;
  console.log(JSON.stringify({ url: gateway.url }));
}

/** Each child answers 'cpu' with its CPU time so far: a figure that other load on the machine does not skew. */
function answerCpuQueries() {
  process.on('message', (m) => {
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ cpuMicros: user + system });
    }
  });
}

function cpuOf(child) {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m.cpuMicros));
    child.send('cpu');
  });
}

function startRole(role, extra = []) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), `--role=${role}`, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, url: JSON.parse(line).url });
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label, url, headers, processes) {
  const autocannon = require('autocannon');
  const duration = Number(args.duration ?? 10);
  const connections = Number(args.connections ?? 20);
  // Warm up connections, JIT and the session cache.
  await autocannon({ url, headers, connections, duration: 2 });
  const times = [];
  const cpuBefore = await Promise.all(processes.map(cpuOf));
  const instance = autocannon({ url, headers, connections, duration });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  const cpuAfter = await Promise.all(processes.map(cpuOf));
  const perRequest = cpuAfter.map((after, i) => (after - cpuBefore[i]) / Math.max(1, times.length));
  times.sort((a, b) => a - b);
  const row = {
    label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': +percentile(times, 50).toFixed(2),
    'p95 ms': +percentile(times, 95).toFixed(2),
    'p99 ms': +percentile(times, 99).toFixed(2),
    'upstream CPU µs/req': Math.round(perRequest[0]),
    'gateway CPU µs/req': perRequest[1] === undefined ? '-' : Math.round(perRequest[1]),
    non2xx: result.non2xx,
    errors: result.errors,
  };
  return row;
}

async function main() {
  if (args.role) answerCpuQueries();
  if (args.role === 'upstream') return runUpstream();
  if (args.role === 'gateway') return runGateway(args.upstream);
  const upstream = await startRole('upstream');
  const gateway = await startRole('gateway', [`--upstream=${upstream.url}`]);
  try {
    const path = '/api/beneficiaries?limit=10';
    const direct = await measure('upstream directly', upstream.url + path, {}, [upstream.child]);
    const both = [upstream.child, gateway.child];
    const proxied = await measure(
      'through the gateway, signed in',
      gateway.url + path,
      { cookie: `kcf_sid=${SESSION}` },
      both,
    );
    const anonymous = await measure('through the gateway, no session', gateway.url + path, {}, both);
    console.table([direct, proxied, anonymous]);
    const ratio = (a, b, k) => (a[k] / b[k]).toFixed(2);
    console.log(
      `throughput ratio gateway/direct: ${ratio(proxied, direct, 'req/s')} (signed in), ${ratio(anonymous, direct, 'req/s')} (no session)`,
    );
    console.log(
      `p50 ratio gateway/direct: ${ratio(proxied, direct, 'p50 ms')}; p99 ratio: ${ratio(proxied, direct, 'p99 ms')}`,
    );
    console.log(`added p50 latency: ${(proxied['p50 ms'] - direct['p50 ms']).toFixed(2)} ms`);
  } finally {
    upstream.child.kill();
    gateway.child.kill();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

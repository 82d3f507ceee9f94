// Measures what the resource requests and limits in deploy/k8s are based on: each process's resident memory
// (VmRSS, and the peak VmHWM, from /proc/<pid>/status) after start and after a spell of traffic, and the CPU it
// used during that traffic (utime + stime from /proc/<pid>/stat over the spell's wall time). Starts the
// distributed mode (the same builds the images run) on throwaway databases and a throwaway stream.
//   npm run build && node deploy/k8s/measure-resources.mjs      (PostgreSQL and NATS as for `npm test`)
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { deleteJetStreamStream, dropDatabasesWithPrefix } from '@kcf/testing';
import { startDistributed } from '../../launcher/src/distributed.mjs';

const SECONDS = Number(process.env.MEASURE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.MEASURE_CONNECTIONS ?? 10);
const ADMIN = { username: 'measure', password: 'Measure!Pass9' };
const id = `k8s_measure_${Math.random().toString(36).slice(2, 8)}`;
const TICKS = 100; // USER_HZ on Linux

async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime, stime
}
const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, r) => (err ? reject(err) : resolve(r)));
  });

const dataDir = await mkdtemp(join(tmpdir(), 'kcf-measure-'));
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
const rows = [];
try {
  const pids = app.pids();
  const started = {};
  for (const [name, pid] of Object.entries(pids)) started[name] = await memory(pid);

  const login = await fetch(`${app.url}/api/login/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const headers = { cookie, origin: app.url, 'content-type': 'application/json' };
  // Some records, so that lists and the dashboard have rows to read.
  for (let i = 0; i < 40; i++) {
    const child = await fetch(`${app.url}/api/beneficiaries`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        fullName: `Measure Child ${i}`,
        dateOfBirth: '2015-05-05',
        homeVillage: 'Shinyalu',
        subCounty: 'Lurambi',
        county: 'kakamega',
        guardianName: 'Measure Guardian',
        guardianPhone: '0712345678',
        schoolName: 'Shinyalu Primary',
        gradeLevel: 'grade_4',
      }),
    });
    if (!child.ok) throw new Error(`create child: ${child.status} ${await child.text()}`);
  }

  const before = {};
  for (const [name, pid] of Object.entries(pids)) before[name] = await cpuSeconds(pid);
  const t0 = Date.now();
  // One spell of mixed traffic through the gateway: sign-in state, the lists, the dashboard, the remotes' files.
  const result = await run({
    url: app.url,
    headers: { cookie },
    requests: [
      { method: 'GET', path: '/api/auth/user' },
      { method: 'GET', path: '/api/beneficiaries?limit=20' },
      { method: 'GET', path: '/api/expenses' },
      { method: 'GET', path: '/api/budgets' },
      { method: 'GET', path: '/api/dashboard' },
      { method: 'GET', path: '/remotes/beneficiaries/remoteEntry.js' },
      { method: 'GET', path: '/remotes/finance/remoteEntry.js' },
      { method: 'GET', path: '/remotes/admin/remoteEntry.js' },
    ],
  });
  const wall = (Date.now() - t0) / 1000;
  for (const [name, pid] of Object.entries(pids)) {
    const cores = ((await cpuSeconds(pid)) - before[name]) / wall;
    const after = await memory(pid);
    rows.push({
      process: name,
      'RSS at start (MiB)': started[name].rss.toFixed(0),
      'RSS after load (MiB)': after.rss.toFixed(0),
      'peak RSS (MiB)': after.peak.toFixed(0),
      'CPU under load (cores)': cores.toFixed(2),
    });
  }
  console.log(
    `${Math.round(result.requests.average)} req/s for ${SECONDS} s, ${CONNECTIONS} connections, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
} finally {
  await app.stopAll();
  await dropDatabasesWithPrefix(id);
  await deleteJetStreamStream(id.toUpperCase());
  await rm(dataDir, { recursive: true, force: true });
}
console.table(rows);

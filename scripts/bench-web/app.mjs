// Starts the one-process mode on a free port with a throwaway data folder, and stops it again (the
// embedded PostgreSQL included) whatever happened in between.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../launcher/src/distributed.mjs';
import { repoRoot, run } from '../lib/run.mjs';

const OUTPUTS = [
  'launcher/dist/embedded/embedded-main.js',
  'svc-identity/dist/index.js',
  'svc-beneficiaries/dist/index.js',
  'svc-finance/dist/index.js',
  'shell/dist/index.html',
  'mf-beneficiaries/dist/remoteEntry.js',
  'mf-finance/dist/remoteEntry.js',
  'mf-admin/dist/remoteEntry.js',
];

/** Builds everything when an output is missing (or when asked to). */
export async function ensureBuilt({ force = false, log }) {
  const missing = OUTPUTS.filter((f) => !existsSync(join(repoRoot, f)));
  if (!force && missing.length === 0) return false;
  log(force ? 'Building (--build)…' : `Building (missing ${missing[0]}${missing.length > 1 ? ' and more' : ''})…`);
  await run(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot });
  return true;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The built browser apps the gateway serves, and the variables that point it at a copy of them. */
const WEB_APPS = [
  ['SHELL_DIR', 'shell/dist'],
  ['REMOTES_DIR_BENEFICIARIES', 'mf-beneficiaries/dist'],
  ['REMOTES_DIR_FINANCE', 'mf-finance/dist'],
  ['REMOTES_DIR_ADMIN', 'mf-admin/dist'],
];

/**
 * Copies the built browser apps into `dir`: a rebuild during the benchmark (new hashed names, old ones
 * deleted) must not change what is measured halfway through.
 */
async function snapshotWebApps(dir) {
  const env = {};
  for (const [variable, from] of WEB_APPS) {
    const to = join(dir, from.split('/')[0]);
    await cp(join(repoRoot, from), to, { recursive: true });
    env[variable] = to;
  }
  return env;
}

/**
 * The product in one process, ready to serve the browser apps as built when it started. `stop()` ends it (SIGTERM, then SIGKILL to its whole process
 * group after a grace period) and removes the data folder; it is safe to call more than once.
 */
export async function startApp({ admin, log, startTimeoutMs = 120_000 }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'kcf-bench-web-'));
  let webDirs;
  try {
    webDirs = await snapshotWebApps(join(dataDir, 'web'));
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(repoRoot, 'launcher/dist/embedded/embedded-main.js')], {
    cwd: repoRoot,
    // Its own process group, so the embedded PostgreSQL goes down with it even if it has to be killed.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'error',
      ...webDirs,
    },
  });
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = child.exitCode !== null;
  const exit = new Promise((resolve) => child.once('exit', () => resolve((exited = true))));

  let stopped = false;
  // The last resort when this process ends without stop(): nothing of the app may outlive it.
  const onExit = () => {
    if (stopped || exited) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    } catch {}
  };
  process.once('exit', onExit);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    if (!exited) {
      try {
        child.kill('SIGTERM');
      } catch {}
      const graceful = await Promise.race([exit.then(() => true), sleep(20_000).then(() => false)]);
      if (!graceful) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
        await Promise.race([exit, sleep(5_000)]);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (exited) throw new Error(`the app exited while starting:\n${output}`);
      try {
        if ((await fetch(`${url}/health/ready`)).ok) break;
      } catch {}
      if (Date.now() > deadline)
        throw new Error(`the app did not become ready in ${startTimeoutMs / 1000} s:\n${output}`);
      await sleep(250);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  log(`App ready at ${url} (data in ${dataDir})`);
  return { url, pid: child.pid, stop };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { freePort } from '@kcf/testing';
import { RawConnection, sleep } from './raw-http';
import { createStaticFixtures, type StaticFixtures } from './static-fixtures';
import {
  holdingRoute,
  SECRET,
  startEchoService,
  startIdentityStandIn,
  type IdentityStandIn,
  type StandIn,
} from './stand-ins';
import { within } from './within';

/**
 * The gateway as it runs in production (the built dist/main.js, its own process) stopped with SIGTERM while
 * 50 requests are in flight: readiness answers 503, every request is answered, and the process exits 0.
 */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

let identity: IdentityStandIn;
let beneficiaries: StandIn;
let finance: StandIn;
let files: StaticFixtures;
let child: ChildProcess | undefined;
const held = holdingRoute('/api/beneficiaries/held');

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`Build first (npx tsc -b tsconfig.build.json): ${MAIN} is missing`);
  identity = await startIdentityStandIn();
  beneficiaries = await startEchoService('beneficiaries', [held.route]);
  finance = await startEchoService('finance');
  files = createStaticFixtures();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  held.release();
  await Promise.all([identity?.close(), beneficiaries?.close(), finance?.close()]);
  files?.cleanup();
});

function get(base: string, path: string, agent: Agent): Promise<number | string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (error) => resolve(`no answer: ${error.message}`));
    });
    req.on('error', (error) => resolve(`no answer: ${error.message}`));
    req.end();
  });
}

it('answers the 50 requests in flight at SIGTERM, says not ready meanwhile and exits 0', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    INTERNAL_SECRET: SECRET,
    IDENTITY_URL: identity.url,
    BENEFICIARIES_URL: beneficiaries.url,
    FINANCE_URL: finance.url,
    SHELL_DIR: files.shell,
    REMOTES_DIR_BENEFICIARIES: files.remote('beneficiaries'),
    REMOTES_DIR_FINANCE: files.remote('finance'),
    REMOTES_DIR_ADMIN: files.remote('admin'),
    SHUTDOWN_GRACE_MS: '15000',
    LOG_LEVEL: 'error',
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
  const deadline = Date.now() + 30_000;
  while (!(await fetch(`${base}/health/ready`).catch(() => undefined))?.ok) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`the gateway did not start: ${stderr}`);
    await sleep(100);
  }

  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const inFlight = Array.from({ length: 50 }, (_, i) => get(base, `/api/beneficiaries/held/${i}`, agent));
    await within(10_000, '50 held requests', held.waitForHeld(50));
    // A readiness probe whose request is arriving when the signal comes.
    const probe = await RawConnection.open(base);
    probe.write('GET /health/ready HTTP/1.1\r\nHost: gateway.test\r\n');
    await sleep(100);

    proc.kill('SIGTERM');
    await sleep(200);
    probe.write('\r\n');
    const ready = await probe.answer(2000);
    expect(ready.status).toBe(503);
    expect(proc.exitCode).toBeNull();
    probe.close();

    held.release();
    expect(await within(5000, 'the 50 held requests', Promise.all(inFlight))).toEqual(Array(50).fill(200));
    expect(await within(10_000, 'the exit', exited)).toEqual({ code: 0, signal: null });
    child = undefined;
  } finally {
    agent.destroy();
  }
}, 60_000);

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteJetStreamStream, dropDatabasesWithPrefix } from '@kcf/testing';

export const REPO = resolve(__dirname, '../..');
export const ADMIN = { username: 'e2eadmin', password: 'E2e!Admin9' };

export interface Stack {
  url: string;
  /** Stops one process of the distributed mode (e.g. 'remote-finance'). */
  stopProcess(name: string): Promise<void>;
  restartProcess(name: string): Promise<void>;
  stop(): Promise<void>;
}

const rand = () => Math.random().toString(36).slice(2, 8);

/** The distributed mode: every service, the gateway and the static remotes as separate processes. */
export async function startDistributedStack(): Promise<Stack> {
  const id = `e2e_${rand()}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'kcf-e2e-'));
  const { startDistributed } = (await import(join(REPO, 'launcher/src/distributed.mjs'))) as {
    startDistributed: (o: object) => Promise<{
      url: string;
      stop(n: string): Promise<void>;
      restart(n: string): Promise<void>;
      stopAll(): Promise<void>;
    }>;
  };
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
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
    },
    log: (name: string, line: string) => process.env.E2E_VERBOSE && console.log(`[${name}] ${line}`),
  });
  return {
    url: app.url,
    stopProcess: (n) => app.stop(n),
    restartProcess: (n) => app.restart(n),
    async stop() {
      await app.stopAll();
      await dropDatabasesWithPrefix(id);
      await deleteJetStreamStream(id.toUpperCase());
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`one-process mode exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('one-process mode did not become ready');
}

/** The one-process mode exactly as `npm start` runs it, with its data in a temporary folder. */
export async function startEmbeddedStack(
  options: { dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<Stack & { dataDir: string; child: ChildProcess }> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'kcf-embedded-')));
  const port = options.port ?? 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [join(REPO, 'launcher/dist/embedded/embedded-main.js')], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', process.env.E2E_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child, 90_000);
  const stopChild = () =>
    new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      child.once('exit', () => r());
      child.kill('SIGTERM');
    });
  return {
    url,
    dataDir,
    child,
    stopProcess: async () => undefined,
    restartProcess: async () => undefined,
    /** Stops the process; the data folder stays (the caller removes it). */
    async stop() {
      await stopChild();
    },
  };
}

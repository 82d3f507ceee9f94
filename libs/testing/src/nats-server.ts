import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@kcf/server-kit';
import { onProcessExit } from './exit-cleanup';

export interface TestNatsServer {
  /** `nats://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The JetStream store folder; it survives `shutdown()`/`start()` and `restart()`. */
  storeDir: string;
  /** Stops the server process but keeps its store, so `start()` brings the same streams back. */
  shutdown(options?: { signal?: NodeJS.Signals }): Promise<void>;
  /** Starts the server again on the same port with the same store. */
  start(): Promise<void>;
  /** `shutdown()` then `start()`. */
  restart(): Promise<void>;
  /** Stops the server for good and removes its store. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartNatsServerOptions {
  /** Path of the nats-server binary; by default Debian's `/usr/sbin/nats-server`, else the one on PATH. */
  binary?: string;
  /** How long to wait for the server to say it is ready. */
  readyTimeoutMs?: number;
}

function defaultBinary(): string {
  for (const candidate of ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server']) {
    if (existsSync(candidate)) return candidate;
  }
  return 'nats-server';
}

/** Starts a NATS server with JetStream on a random loopback port, storing its streams in a fresh temp folder. */
export async function startNatsServer(options: StartNatsServerOptions = {}): Promise<TestNatsServer> {
  const binary = options.binary ?? defaultBinary();
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
  let port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'kcf-nats-'));
  let child: ChildProcess | undefined;
  let stopped = false;
  // A test that dies without stop() still leaves no server and no store behind.
  const forget = onProcessExit(() => {
    child?.kill('SIGKILL');
    rmSync(storeDir, { recursive: true, force: true });
  });

  const start = async (): Promise<void> => {
    if (stopped) throw new Error('This NATS server was stopped for good');
    if (child) return;
    child = await spawnServer(binary, port, storeDir, readyTimeoutMs);
  };

  const shutdown = async ({ signal = 'SIGTERM' }: { signal?: NodeJS.Signals } = {}): Promise<void> => {
    const current = child;
    child = undefined;
    if (current) await killAndWait(current, signal);
  };

  try {
    // Another process may take the free port before the server binds it: try a few ports.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await start();
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        port = await freePort();
      }
    }
  } catch (error) {
    forget();
    await rm(storeDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    shutdown,
    start,
    async restart() {
      await shutdown();
      await start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await shutdown();
      await rm(storeDir, { recursive: true, force: true });
      forget();
    },
  };
}

function spawnServer(binary: string, port: number, storeDir: string, readyTimeoutMs: number): Promise<ChildProcess> {
  const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });

  return new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    const fail = (message: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${message}\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Server is ready')) {
        clearTimeout(timer);
        child.off('exit', onEarlyExit);
        child.off('error', onError);
        // Stop collecting, but keep reading so the server never blocks on a full pipe.
        child.stdout?.off('data', onData).resume();
        child.stderr?.off('data', onData).resume();
        output = '';
        resolve(child);
      }
    };
    const onEarlyExit = (code: number | null) => fail(`nats-server exited before it was ready (code ${code})`);
    const onError = (error: Error) => fail(`nats-server could not be started: ${error.message}`);
    const timer = setTimeout(() => fail(`nats-server was not ready within ${readyTimeoutMs} ms`), readyTimeoutMs);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onEarlyExit);
    child.once('error', onError);
  });
}

function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

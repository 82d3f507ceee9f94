import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabasesWithPrefix, deleteJetStreamStream, uniqueName } from '@kcf/testing';

/**
 * The separate-processes launcher (used by the end-to-end tests, the benchmarks and `npm run start:distributed`):
 * a process that stops before it is ready fails the start with what that process printed last, and the
 * processes already started are stopped.
 */
jest.setTimeout(120_000);

const prefix = uniqueName('launch').replace(/-/g, '_');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kcf-launch-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabasesWithPrefix(prefix);
  await deleteJetStreamStream(prefix.toUpperCase());
});

it('names the process that stopped before it was ready and shows what it printed', async () => {
  const { startDistributed } = (await import(join(__dirname, '..', 'src', 'distributed.mjs'))) as {
    startDistributed: (o: object) => Promise<unknown>;
  };
  const started = startDistributed({
    autoPorts: true,
    env: {
      ...process.env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${prefix}`,
      FINANCE_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/not.a.name',
      NATS_STREAM: prefix.toUpperCase(),
      NATS_SUBJECT_PREFIX: prefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Str0ng!Pass',
    },
    log: () => undefined,
  });
  await expect(started).rejects.toThrow(
    /svc-finance exited with code 1 before it was ready; it printed last:\n[^]*Unsupported database name: not\.a\.name/,
  );
});

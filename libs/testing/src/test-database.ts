import { Client } from 'pg';
import { uniqueName } from './unique-name';

export interface TestDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  /** The database's name. */
  name: string;
  /** Drops the database, ending any connection still open to it. Safe to call twice. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Where the server listens and who may create databases. */
  serverUrl?: string;
}

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432';

/** Creates a uniquely named, empty database on the test PostgreSQL server. */
export async function createTestDatabase(prefix: string, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = (options.serverUrl ?? DEFAULT_SERVER_URL).replace(/\/+$/, '');
  const name = uniqueName(prefix).replace(/-/g, '_').slice(0, 63);
  await runOnServer(serverUrl, `CREATE DATABASE "${name}"`);
  let dropped = false;
  return {
    url: `${serverUrl}/${name}`,
    name,
    async drop() {
      if (dropped) return;
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      dropped = true;
    },
  };
}

async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

import { Client } from 'pg';

/** Creates the service's own database when it does not exist yet (first start, tests). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  // An error the server sends between statements (it is stopping) fails the next statement, never the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } catch (e) {
        // Another process created it at the same moment.
        if ((e as { code?: string }).code !== '42P04' && (e as { code?: string }).code !== '23505') throw e;
      }
    }
  } finally {
    await client.end();
  }
}

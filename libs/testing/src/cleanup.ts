import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';

const SERVER_URL = 'postgres://postgres@127.0.0.1:5432';

/** Drops every database whose name starts with `prefix` (a test run's or benchmark's databases). */
export async function dropDatabasesWithPrefix(prefix: string, serverUrl = SERVER_URL): Promise<void> {
  if (!/^[a-z0-9_]{4,}$/.test(prefix)) throw new Error(`Refusing a broad or odd database prefix: ${prefix}`);
  const c = new Client({ connectionString: `${serverUrl}/postgres` });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Removes a JetStream stream (a test run's) from a NATS server; a missing stream is fine. */
export async function deleteJetStreamStream(name: string, servers = 'nats://127.0.0.1:4222'): Promise<void> {
  const nc = await connect({ servers });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

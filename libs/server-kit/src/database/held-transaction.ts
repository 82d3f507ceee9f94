import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in one transaction on a connection held from `pool`: `begin` (e.g. `BEGIN`, or a read-only
 * snapshot's), then COMMIT, or ROLLBACK when `work` throws. An error the server sends while no statement runs
 * (it is stopping) fails the next statement, never the process; the connection is then dropped, not put
 * back in the pool (pg's pool drops a connection that can no longer be queried; releasing it with the error
 * instead left requests waiting for a connection while PostgreSQL restarted).
 */
export async function inHeldTransaction<T>(
  pool: Pool,
  begin: string,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const heard = (): void => undefined;
  client.on('error', heard);
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', heard);
    client.release();
  }
}

import type { DataSource } from 'typeorm';

/**
 * The advisory lock key the migrations run under ('kcf-migrations' as a number). Advisory locks belong to one
 * database, so each service's replicas wait for each other and for no one else.
 */
export const MIGRATIONS_LOCK_KEY = 0x6b63666d;

/**
 * Runs the service's pending migrations while holding a session-level advisory lock, so that replicas starting
 * at the same moment on an empty database run them one after the other: the first creates the tables, the
 * others find nothing left to do. Without it, two pods of a Deployment ran the same migration at once and one
 * failed on the catalogue's unique index, or both recorded it.
 */
export async function runMigrationsAlone(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}

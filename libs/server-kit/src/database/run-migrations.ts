import { DataSource, type DataSourceOptions } from 'typeorm';
import { SERVICE_CONNECTION_SETTINGS } from './service-pool';

/** Migration classes (TypeORM's MigrationInterface: `up` and `down` on a QueryRunner). */
export type Migrations = NonNullable<DataSourceOptions['migrations']>;

/**
 * The advisory lock key the migrations run under ('kcf-migrations' as a number). Advisory locks belong to one
 * database, so each service's replicas wait for each other and for no one else.
 */
export const MIGRATIONS_LOCK_KEY = 0x6b63666d;

/**
 * Runs a service's pending migrations with TypeORM's migration runner, the one thing TypeORM does here: on a
 * DataSource of two connections (the lock's and the runner's) made for it and closed after (see runMigrationsAlone).
 */
export async function migrateDatabase(url: string, migrations: Migrations): Promise<void> {
  const dataSource = await new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsRun: false,
    synchronize: false,
    extra: { max: 2, options: SERVICE_CONNECTION_SETTINGS },
  }).initialize();
  try {
    await runMigrationsAlone(dataSource);
  } finally {
    await dataSource.destroy().catch(() => undefined);
  }
}

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

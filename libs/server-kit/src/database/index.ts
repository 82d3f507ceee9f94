/**
 * `@kcf/server-kit/database`: a service's database — created and migrated on start (TypeORM runs only the
 * migrations), its one pg Pool, the unit of work and `Database` its repositories run SQL on, idempotency records,
 * and the helpers of its statements.
 */
import 'reflect-metadata';

export * from './ensure-database';
export * from './database.module';
export * from './service-pool';
export { migrateDatabase, runMigrationsAlone, MIGRATIONS_LOCK_KEY, type Migrations } from './run-migrations';
export { migrationsIn } from './migrations-in';
export * from './column-map';
export * from './clean-stored-names';
export * from './statement-name';
export * from './sql';
export { containing } from './like-pattern';
export { ListTotals } from './list-totals';
export { isoTimestamp } from './iso-timestamp';
export * from '../unit-of-work';
export * from '../idempotency';

import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import { ensureDatabaseExists } from './ensure-database';
import { runMigrationsAlone } from './run-migrations';

export interface DatabaseOptions {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entities: MixedList<Function | string | EntitySchema<any>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/**
 * The service's one DataSource: its own database, migrations run on start (one replica at a time:
 * `runMigrationsAlone`), never synchronize.
 * Named after the service: in the one-process mode several services' Nest apps share one process, and
 * @nestjs/typeorm keeps a process-wide registry of data source names.
 */
export function databaseModule(name: string, options: () => DatabaseOptions): DynamicModule {
  return TypeOrmModule.forRootAsync({
    name,
    useFactory: async () => {
      const o = options();
      await ensureDatabaseExists(o.url);
      return {
        type: 'postgres' as const,
        url: o.url,
        entities: o.entities,
        migrations: o.migrations,
        migrationsRun: false,
        synchronize: false,
        extra: {
          max: o.poolSize ?? 10,
          // A prepared statement is planned for each execution's own parameters, never with a generic plan
          // made for other values (a page deep in a list, a rare search). Unprepared queries always are.
          // No JIT: every statement here reads a page or a few rows, so compiling one never pays, and a cost
          // misjudged on stale statistics would add a compile of hundreds of milliseconds to a request.
          options: '-c plan_cache_mode=force_custom_plan -c jit=off',
        },
      };
    },
    dataSourceFactory: async (options?: DataSourceOptions) => {
      if (!options) throw new Error(`No database options for ${name}`);
      const dataSource = await new DataSource(options).initialize();
      try {
        await runMigrationsAlone(dataSource);
      } catch (error) {
        await dataSource.destroy().catch(() => undefined);
        throw error;
      }
      return dataSource;
    },
  });
}

import { Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { ensureDatabaseExists } from './ensure-database';
import { migrateDatabase, type Migrations } from './run-migrations';
import { createServicePool, SERVICE_POOL } from './service-pool';

export interface DatabaseOptions {
  url: string;
  /** The service's migrations and server-kit's (TypeORM migration classes: TypeORM runs only these). */
  migrations: Migrations;
  poolSize?: number;
}

/** Ends the service's pool when the app stops (after its requests, consumers and relay have finished). */
@Injectable()
class PoolCloser implements OnApplicationShutdown {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

@Module({})
class DatabaseModule {}

/**
 * The service's database: created when missing, its migrations run on start (one replica at a time:
 * `runMigrationsAlone`), then its one pg Pool, made once, provided as SERVICE_POOL (UnitOfWorkModule builds
 * `Database` on it) and ended when the app stops. `name` names the pool in its logs.
 */
export function databaseModule(name: string, options: () => DatabaseOptions): DynamicModule {
  return {
    module: DatabaseModule,
    global: true,
    providers: [
      {
        provide: SERVICE_POOL,
        useFactory: async () => {
          const o = options();
          await ensureDatabaseExists(o.url);
          await migrateDatabase(o.url, o.migrations);
          return createServicePool(o.url, { max: o.poolSize, name: `Database ${name}` });
        },
      },
      PoolCloser,
    ],
    exports: [SERVICE_POOL],
  };
}

import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Pool } from 'pg';
import { systemClock, type Clock } from '../clock/clock';
import { SERVICE_POOL } from '../database/service-pool';
import { IdempotencyStore } from '../idempotency/idempotency-store';
import { Outbox } from '../messaging/messaging.module';
import { Events } from '../messaging/events';
import { Database } from './database';
import { UnitOfWork } from './unit-of-work';

export interface UnitOfWorkModuleOptions {
  /** How long an idempotency record is kept (default 24 h). */
  keyTtlHours?: number;
  /** The service's clock: the time of the events it records (the system's unless told). */
  clock?: Clock;
}

const OPTIONS = Symbol('UnitOfWorkOptions');
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Removes idempotency records past their time, at start and every hour. */
@Injectable()
class KeySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly keys: IdempotencyStore,
    @Inject(OPTIONS) private readonly options: UnitOfWorkModuleOptions,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () => {
      this.keys
        .sweep(this.options.keyTtlHours ?? 24)
        .catch((error: unknown) => this.logger.warn(`Sweeping old keys failed: ${String(error)}`));
    };
    sweep();
    this.timer = setInterval(sweep, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** The service's UnitOfWork, Database and idempotency records, on the service's one pool (databaseModule's SERVICE_POOL). */
@Global()
@Module({})
export class UnitOfWorkModule {
  static forRoot(options: UnitOfWorkModuleOptions = {}): DynamicModule {
    return {
      module: UnitOfWorkModule,
      providers: [
        { provide: OPTIONS, useValue: options },
        {
          provide: UnitOfWork,
          useFactory: (pool: Pool, outbox?: Outbox) => new UnitOfWork(pool, { onCommitted: () => outbox?.flush() }),
          inject: [SERVICE_POOL, { token: Outbox, optional: true }],
        },
        { provide: Database, useFactory: (uow: UnitOfWork) => new Database(uow), inject: [UnitOfWork] },
        { provide: IdempotencyStore, useFactory: (db: Database) => new IdempotencyStore(db), inject: [Database] },
        {
          provide: Events,
          useFactory: (db: Database) => new Events(db, options.clock ?? systemClock),
          inject: [Database],
        },
        KeySweeper,
      ],
      exports: [UnitOfWork, IdempotencyStore, Database, Events],
    };
  }
}

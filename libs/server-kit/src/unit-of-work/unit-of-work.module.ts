import { Global, Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { systemClock, type Clock } from '../clock/clock';
import { IdempotencyStore } from '../idempotency/idempotency-store';
import { Outbox } from '../messaging/messaging.module';
import { Events } from '../outbox/events';
import { Database } from './database';
import { UnitOfWork } from './unit-of-work';

export interface UnitOfWorkModuleOptions {
  dataSourceName: string;
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
      this.keys.sweep(this.options.keyTtlHours ?? 24).catch((error: unknown) => this.logger.warn(`Sweeping old keys failed: ${String(error)}`));
    };
    sweep();
    this.timer = setInterval(sweep, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** The service's UnitOfWork and idempotency records, for the service's one DataSource. */
@Global()
@Module({})
export class UnitOfWorkModule {
  static forRoot(options: UnitOfWorkModuleOptions): DynamicModule {
    const dataSource = getDataSourceToken(options.dataSourceName);
    return {
      module: UnitOfWorkModule,
      providers: [
        { provide: OPTIONS, useValue: options },
        {
          provide: UnitOfWork,
          useFactory: (db: DataSource, outbox?: Outbox) => new UnitOfWork(db, { onCommitted: () => outbox?.flush() }),
          inject: [dataSource, { token: Outbox, optional: true }],
        },
        { provide: IdempotencyStore, useFactory: (db: DataSource) => new IdempotencyStore(db), inject: [dataSource] },
        { provide: Database, useFactory: (uow: UnitOfWork) => new Database(uow), inject: [UnitOfWork] },
        { provide: Events, useFactory: (db: Database) => new Events(db, options.clock ?? systemClock), inject: [Database] },
        KeySweeper,
      ],
      exports: [UnitOfWork, IdempotencyStore, Database, Events],
    };
  }
}


import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Pool } from 'pg';
import type { AuditDomain } from '@kcf/contracts';
import type { Clock } from '../clock/clock';
import { createServicePool } from '../database/service-pool';
import { sqlOver } from '../database/sql';
import { statementName } from '../database/statement-name';
import { Database } from '../unit-of-work/database';
import { UnitOfWork } from '../unit-of-work/unit-of-work';
import { chainReaderOf, checkpointKey, writeAuditHead, type HeadWritten } from './audit-chain';
import { AuditController } from './audit.controller';
import { AuditEntityNamer } from './audit-entity-namer';
import { AuditReader } from './audit-reader';
import { AuditRedactor } from './audit-redactor';
import { expireAuditEntries } from './audit-retention';
import { AuditTrail } from './audit-trail';

export interface AuditModuleOptions {
  domain: AuditDomain;
  /** The service's database (the views' pool connects to it). */
  databaseUrl: string;
  clock: Clock;
  /** Entries older than this many days are removed by the retention job (default about 7 years). */
  retentionDays: number;
  /** The services' shared secret: the retention checkpoints' signing key is derived from it. */
  secret: string;
  /** False only in a benchmark without the trail (auditRecordingOf): nothing is recorded. Default true. */
  recording?: boolean;
}

const OPTIONS = Symbol('AuditModuleOptions');
const VIEW_POOL = Symbol('AuditViewPool');
/**
 * Connections of the pool views and exports are written on. Every entry waits its turn for the chain's lock
 * anyway, so a few are plenty; a pool of their own means a request that holds one of the main pool's
 * connections (an export's snapshot) never waits for a second one to record itself.
 */
const VIEW_POOL_SIZE = 3;
const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;
/** How often the chain's head is signed again while entries come (see AuditHeadJob). */
const HEAD_EVERY_MS = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The views' pool: the service's database, a few connections, each committing without waiting for the disk
 * (see AuditTrail).
 */
function viewPoolOf(url: string): Pool {
  return createServicePool(url, {
    max: VIEW_POOL_SIZE,
    settings: '-c synchronous_commit=off',
    name: 'AuditTrail views',
  });
}

/**
 * The service's AuditEntityNamer, provided by the service's own module (none: its records are not named), found
 * when the first page is read, once every provider exists.
 */
function namerOf(modules: ModuleRef): () => AuditEntityNamer | null {
  let namer: AuditEntityNamer | null | undefined;
  return () => {
    if (namer === undefined) {
      try {
        namer = modules.get(AuditEntityNamer, { strict: false });
      } catch {
        namer = null;
      }
    }
    return namer ?? null;
  };
}

/** Ends the views' pool when the service stops. */
@Injectable()
class ViewPoolCloser implements OnApplicationShutdown {
  constructor(@Inject(VIEW_POOL) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/** Removes entries past the retention setting, at start and once a day (see expireAuditEntries). */
@Injectable()
export class AuditRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditRetention');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(OPTIONS) private readonly options: AuditModuleOptions,
    private readonly db: Database,
  ) {}

  /** Runs the job once now; resolves to how many entries it removed. */
  async run(): Promise<number> {
    const before = new Date(this.options.clock.now().getTime() - this.options.retentionDays * DAY_MS);
    const result = await expireAuditEntries(this.db, before, checkpointKey(this.options.secret));
    if (result.removed > 0)
      this.logger.log(
        `Removed ${result.removed} audit entries older than ${before.toISOString()}; checkpoint at ${result.checkpoint?.seq}`,
      );
    return result.removed;
  }

  onApplicationBootstrap(): void {
    const run = () =>
      void this.run().catch((error: unknown) => this.logger.error(`Audit retention failed: ${String(error)}`));
    run();
    this.timer = setInterval(run, RETENTION_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/**
 * Keeps the chain's signed head (writeAuditHead) close behind the chain: every two seconds it reads the newest
 * entry and, when the chain has moved, signs it into `audit_heads`; once more as the service stops. The newest
 * entries deleted later leave the chain shorter than its signed head, which verifyAuditChain finds; what was
 * written in the last two seconds before a deletion is the window it cannot vouch for.
 */
@Injectable()
export class AuditHeadJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AuditHead');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(OPTIONS) private readonly options: AuditModuleOptions,
    private readonly db: Database,
  ) {}

  /** Signs the head now (see writeAuditHead); a refusal is logged as an error: the chain lost its newest entries. */
  async run(): Promise<HeadWritten> {
    const written = await writeAuditHead(
      chainReaderOf(this.db.outsideUnit),
      this.options.domain,
      checkpointKey(this.options.secret),
    );
    if (written && 'refused' in written)
      this.logger.error(`The audit chain's head was not signed again: ${written.refused}`);
    return written;
  }

  onApplicationBootstrap(): void {
    if (this.options.recording === false) return;
    const tick = () => {
      this.running = this.run().catch((error: unknown) =>
        this.logger.warn(`The audit head could not be signed: ${String(error)}`),
      );
    };
    this.timer = setInterval(tick, HEAD_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.run().catch((error: unknown) =>
      this.logger.warn(`The audit head could not be signed at stop: ${String(error)}`),
    );
  }
}

/** The service's audit trail (AuditTrail), its reader and internal routes, the erasure's redactor, the retention and head jobs. */
@Global()
@Module({})
export class AuditModule {
  static forRoot(options: AuditModuleOptions): DynamicModule {
    return {
      module: AuditModule,
      controllers: [AuditController],
      providers: [
        { provide: OPTIONS, useValue: options },
        { provide: VIEW_POOL, useFactory: () => viewPoolOf(options.databaseUrl) },
        ViewPoolCloser,
        {
          provide: AuditTrail,
          useFactory: (uow: UnitOfWork, views: Pool) => {
            const recording = options.recording ?? true;
            if (!recording) {
              new Logger('AuditTrail').warn(
                `BENCHMARK_WITHOUT_AUDIT is set: this service records NO audit entries (${options.domain}). For benchmarks only, never for real data.`,
              );
            }
            return new AuditTrail(
              options.domain,
              uow,
              sqlOver(() => views, { prepared: statementName }),
              options.clock,
              recording,
            );
          },
          inject: [UnitOfWork, VIEW_POOL],
        },
        {
          provide: AuditReader,
          useFactory: (db: Database, modules: ModuleRef) =>
            new AuditReader(options.domain, db, checkpointKey(options.secret), namerOf(modules)),
          inject: [Database, ModuleRef],
        },
        {
          provide: AuditRedactor,
          useFactory: (db: Database) => new AuditRedactor(db, checkpointKey(options.secret)),
          inject: [Database],
        },
        AuditRetentionJob,
        AuditHeadJob,
      ],
      exports: [AuditTrail, AuditReader, AuditRedactor, AuditRetentionJob, AuditHeadJob],
    };
  }
}

import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Database } from '../unit-of-work/database';

/** A table name as the service's own code writes it (never from input). */
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** Waits before VACUUMing again a table that still had dead row versions (a transaction open meanwhile could see them). */
const AGAIN_AFTER_MS = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000];

/**
 * The rows an erasure deleted or changed stay in the tables' pages as dead versions, values and all, until
 * VACUUM removes them. After an erasure's unit commits, `afterCommit` VACUUMs the tables it touched, outside any
 * transaction (VACUUM cannot run in one), on one connection of the pool, without holding up the unit's caller (a
 * consumer acknowledges its event meanwhile). VACUUM leaves a version that a transaction still open may see, and
 * says so in the table's statistics (`n_dead_tup` counts what it could not remove): a table that still has dead
 * versions is vacuumed again a little later, waiting longer each time (AGAIN_AFTER_MS, about a minute in all;
 * then it is autovacuum's). One VACUUM runs at a time in the process: tables asked for meanwhile are vacuumed
 * with the next pass, at once (many erasures in a row take one connection, not one each). A failure is logged,
 * never thrown (the erasure itself is saved).
 */
@Injectable()
export class ErasureVacuum implements OnApplicationShutdown {
  private readonly logger = new Logger('ErasureVacuum');
  /** Tables to vacuum at the next pass. */
  private readonly waiting = new Set<string>();
  private running: Promise<void> | null = null;
  /** Ends the wait before a table is vacuumed again (more tables were asked for). */
  private wake: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly db: Database) {}

  onApplicationShutdown(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** VACUUMs `tables` once the current unit of work has committed. */
  afterCommit(tables: readonly string[]): void {
    checkNames(tables);
    this.db.unit.afterCommit(() => {
      void this.vacuum(tables);
    });
  }

  /** VACUUMs `tables` (outside any transaction), again while they keep dead versions; resolves once done. */
  async vacuum(tables: readonly string[]): Promise<void> {
    checkNames(tables);
    if (tables.length === 0) return;
    for (const table of tables) this.waiting.add(table);
    this.wake?.();
    this.running ??= this.drain();
    return this.running;
  }

  /** Passes until nothing is waiting or due again; forgets itself in the same step as it finds nothing left. */
  private async drain(): Promise<void> {
    try {
      let again: string[] = [];
      let tries = 0;
      while (!this.stopped) {
        if (this.waiting.size === 0) {
          if (again.length === 0 || tries >= AGAIN_AFTER_MS.length) break;
          await this.sleep(AGAIN_AFTER_MS[tries++]);
          if (this.stopped) break;
        }
        if (this.waiting.size > 0) tries = 0;
        const tables = [...new Set([...this.waiting, ...again])];
        this.waiting.clear();
        again = await this.vacuumNow(tables);
      }
    } finally {
      this.running = null;
    }
  }

  /** Waits `ms`, or less when more tables are asked for. */
  private async sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  /** One VACUUM of `tables`; resolves to those that still have dead versions (none after a failure). */
  private async vacuumNow(tables: string[]): Promise<string[]> {
    try {
      await this.db.outsideUnit.exec(`VACUUM ${tables.join(', ')}`);
      const rows = await this.db.outsideUnit.rows<{ name: string }>(
        `SELECT relname AS name FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = ANY($1::text[]) AND n_dead_tup > 0`,
        [tables],
      );
      return rows.map((row) => row.name);
    } catch (error) {
      if (!this.stopped)
        this.logger.warn(
          `VACUUM after an erasure failed (autovacuum removes the old row versions): ${error instanceof Error ? error.message : String(error)}`,
        );
      return [];
    }
  }
}

function checkNames(tables: readonly string[]): void {
  const bad = tables.find((name) => !TABLE_NAME.test(name));
  if (bad) throw new Error(`Not a table name: ${bad}`);
}

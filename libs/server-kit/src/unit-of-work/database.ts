import type { Pool } from 'pg';
import { inHeldTransaction } from '../database/held-transaction';
import { statementName } from '../database/statement-name';
import { sqlOver, WriteOutsideUnitOfWorkError, type Sql } from '../database/sql';
import type { UnitOfWork } from './unit-of-work';

/** How the service's pool is used: its connections, those idle, and the callers waiting for one. */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * A service's database as its repositories see it; nothing else in a service runs SQL. It runs on the
 * service's one pg Pool (databaseModule's), the pool its unit of work takes connections from.
 * - `read`: statements that change nothing. Inside a unit of work whose transaction has begun they run on
 *   it (a request reads its own writes, and rows it locked); otherwise on the pool. A data-changing
 *   statement sent here is refused (WriteOutsideUnitOfWorkError).
 * - `write`: every data-changing statement, and reads that lock rows, in the current unit of work's
 *   transaction (begun by the first of them). Outside a unit it is refused: open one with
 *   `UnitOfWork.transaction` (event consumers and start-up work get theirs from server-kit).
 * - `readPrepared`: hot reads from a small fixed set of texts, as named (prepared) statements on the pool:
 *   each connection parses a text once (and keeps it for its whole life, so never for texts made per call).
 * - `snapshot(fn)`: reads that must agree with each other over a long time (an export's count and its
 *   cursor), in a read-only REPEATABLE READ transaction on a connection of their own.
 * server-kit's own bookkeeping, never a service's data (the write-path test keeps them out of the services):
 * - `ownTransaction(fn)`: a transaction of its own, apart from any unit of work (the outbox relay's pass, the
 *   audit trail's retention and erasure).
 * - `outsideUnit`: statements on the pool, each committing on its own, never in the current unit's transaction
 *   (VACUUM, which no transaction may hold; the audit chain's signed head; sweeping old idempotency records).
 */
export class Database {
  readonly read: Sql;
  readonly write: Sql;
  readonly readPrepared: Sql;
  readonly outsideUnit: Sql;
  private readonly pool: Pool;

  constructor(readonly unit: UnitOfWork) {
    const pool = unit.pool;
    this.pool = pool;
    this.read = sqlOver(async () => (await unit.begunConnection()) ?? pool, { readOnly: true });
    this.readPrepared = sqlOver(() => pool, { readOnly: true, prepared: statementName });
    this.outsideUnit = sqlOver(() => pool);
    this.write = sqlOver(async () => {
      const connection = await unit.unitConnection();
      if (!connection) throw new WriteOutsideUnitOfWorkError('(no unit of work is open)');
      return connection;
    });
  }

  /** Runs `read` in a read-only snapshot on a connection of its own; the snapshot ends with it. */
  snapshot<T>(read: (sql: Sql) => Promise<T>): Promise<T> {
    return inHeldTransaction(this.pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (client) =>
      read(sqlOver(() => client, { readOnly: true })),
    );
  }

  /** Runs `work` in a transaction of its own on a connection of its own: committed when it resolves, rolled back when it throws. */
  ownTransaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return inHeldTransaction(this.pool, 'BEGIN', (client) => work(sqlOver(() => client)));
  }

  /** The pool's connections now (the metrics read it when scraped). */
  poolState(): PoolState {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }
}

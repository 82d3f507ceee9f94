import type { Pool } from 'pg';
import { inHeldTransaction } from '../database/held-transaction';
import { statementName } from '../database/raw-query';
import { sqlOver, WriteOutsideUnitOfWorkError, type Sql } from '../database/sql';
import type { UnitOfWork } from './unit-of-work';

/**
 * A service's database as its repositories see it; nothing else in a service runs SQL.
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
 */
export class Database {
  readonly read: Sql;
  readonly write: Sql;
  readonly readPrepared: Sql;
  private readonly pool: Pool;

  constructor(uow: UnitOfWork) {
    const pool = (uow.dataSource.driver as unknown as { master: Pool }).master;
    this.pool = pool;
    this.read = sqlOver(async () => (await uow.begunConnection()) ?? pool, { readOnly: true });
    this.readPrepared = sqlOver(() => pool, { readOnly: true, prepared: statementName });
    this.write = sqlOver(async () => {
      const connection = await uow.unitConnection();
      if (!connection) throw new WriteOutsideUnitOfWorkError('(no unit of work is open)');
      return connection;
    });
  }

  /** Runs `read` in a read-only snapshot on a connection of its own; the snapshot ends with it. */
  snapshot<T>(read: (sql: Sql) => Promise<T>): Promise<T> {
    return inHeldTransaction(this.pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (client) => read(sqlOver(() => client, { readOnly: true })));
  }

}

import type { Pool } from 'pg';
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
 */
export class Database {
  readonly read: Sql;
  readonly write: Sql;

  constructor(uow: UnitOfWork) {
    const pool = (uow.dataSource.driver as unknown as { master: Pool }).master;
    this.read = sqlOver(async () => (await uow.begunConnection()) ?? pool, { readOnly: true });
    this.write = sqlOver(async () => {
      const connection = await uow.unitConnection();
      if (!connection) throw new WriteOutsideUnitOfWorkError('(no unit of work is open)');
      return connection;
    });
  }
}

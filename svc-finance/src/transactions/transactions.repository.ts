import { Injectable } from '@nestjs/common';
import type { TransactionListQuery, TransactionType } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { COUNT_SQL, filterParams, pageSql } from './transaction-list-sql';

export interface TransactionKey {
  type: TransactionType;
  id: string;
}

/**
 * The transactions list over `income` and `expenses`: a page of keys in the chosen order and the number of all
 * matching records. Prepared statements (one text per sort and direction, one for the count).
 */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  async page(query: TransactionListQuery): Promise<{ keys: TransactionKey[]; total: number }> {
    const params = filterParams(query);
    const [keys, counted] = await Promise.all([
      this.db.readPrepared.rows<TransactionKey>(pageSql(query), [...params, query.limit, query.offset]),
      this.db.readPrepared.one<{ total: number }>(COUNT_SQL, params),
    ]);
    return { keys, total: counted!.total };
  }
}

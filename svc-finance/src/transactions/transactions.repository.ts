import { Injectable } from '@nestjs/common';
import type { TransactionListQuery, TransactionType } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { filterParams, pageStatement } from './transaction-list-sql';

export interface TransactionKey {
  type: TransactionType;
  id: string;
}

/** A page of keys, read at the list's `version`, with the number of all matches when it was counted with it. */
export interface TransactionKeysPage {
  version: string;
  keys: TransactionKey[];
  total: number | null;
}

/**
 * The transactions list over `income` and `expenses`: a page of keys in the chosen order, with the list's
 * version and, when asked, the number of all matching records. One prepared statement per sort, direction and
 * `counted` (see `pageStatement`).
 */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  async page(query: TransactionListQuery, counted: boolean): Promise<TransactionKeysPage> {
    const rows = await this.db.readPrepared.rows<{ version: string; total?: number; type: TransactionType | null; id: string | null }>(
      pageStatement(query, counted),
      [...filterParams(query), query.limit, query.offset],
    );
    const [first] = rows;
    return {
      version: first.version,
      keys: first.id === null ? [] : rows.map(({ type, id }) => ({ type: type!, id: id! })),
      total: counted ? first.total! : null,
    };
  }
}

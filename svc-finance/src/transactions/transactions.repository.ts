import { Injectable } from '@nestjs/common';
import type { TransactionListQuery } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { filterParams, pageStatement } from './transaction-list-sql';

/**
 * A page of the list as the JSON text of its array, read at the list's `version`, with the number of all
 * matches when it was counted with it.
 */
export interface TransactionsPage {
  version: string;
  json: string;
  total: number | null;
}

/**
 * The transactions list over `income` and `expenses`: a page in the chosen order, built as JSON by the
 * database, with the list's version and, when asked, the number of all matching records. One prepared
 * statement per sort, direction and `counted` (see `pageStatement`).
 */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  async page(query: TransactionListQuery, counted: boolean): Promise<TransactionsPage> {
    const [page] = await this.db.readPrepared.rows<{ version: string; total?: number; json: string }>(
      pageStatement(query, counted),
      [...filterParams(query), query.limit, query.offset],
    );
    return { version: page.version, json: page.json, total: counted ? page.total! : null };
  }
}

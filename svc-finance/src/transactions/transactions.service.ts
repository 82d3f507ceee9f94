import { Injectable } from '@nestjs/common';
import type { TransactionListQuery } from '@kcf/contracts';
import { ListTotals } from '@kcf/server-kit';
import { filterParams } from './transaction-list-sql';
import { TransactionsRepository } from './transactions.repository';

/** Income and expenses in one list, each record as its own list answers it (`{type, record}`). */
@Injectable()
export class TransactionsService {
  constructor(private readonly transactions: TransactionsRepository) {}

  /** The number of all matches per filter, at the list's version (`transactions_version`). */
  private readonly counted = new ListTotals();

  /**
   * A page in the chosen order, as the JSON text of its array, and the number of all matches, counted with the
   * page unless this filter was counted at the very version of the list the page was read at (see ListTotals).
   */
  async list(query: TransactionListQuery): Promise<{ json: string; total: number }> {
    const { page, total } = await this.counted.withPage(
      JSON.stringify(filterParams(query)),
      (known) => this.transactions.page(query, known === null),
      (counted) => counted.total!,
    );
    return { json: page.json, total };
  }
}

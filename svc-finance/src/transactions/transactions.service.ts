import { Injectable } from '@nestjs/common';
import { ListTotals } from '@kcf/server-kit';
import type { Expense, FinanceTransaction, Income, TransactionListQuery } from '@kcf/contracts';
import { ExpensesRepository } from '../expenses/expenses.repository';
import { IncomeRepository } from '../income/income.repository';
import { filterParams } from './transaction-list-sql';
import { TransactionsRepository } from './transactions.repository';

/** Income and expenses in one list: the page's keys in order, then their records as their own lists answer them. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly income: IncomeRepository,
    private readonly expenses: ExpensesRepository,
  ) {}

  /** The number of all matches per filter, at the list's version (`transactions_version`). */
  private readonly counted = new ListTotals();

  /**
   * A page in the chosen order and the number of all matches, counted with the page's keys unless this filter
   * was counted at the very version of the list the keys were read at (see ListTotals).
   */
  async list(query: TransactionListQuery): Promise<{ items: FinanceTransaction[]; total: number }> {
    const { page, total } = await this.counted.withPage(
      JSON.stringify(filterParams(query)),
      (known) => this.transactions.page(query, known === null),
      (counted) => counted.total!,
    );
    const { keys } = page;
    const idsOf = (type: FinanceTransaction['type']) => keys.filter((k) => k.type === type).map((k) => k.id);
    const [incomes, expenses] = await Promise.all([this.income.findMany(idsOf('income')), this.expenses.findMany(idsOf('expense'))]);
    const byId = new Map<string, FinanceTransaction>([
      ...incomes.map((record: Income) => [`income:${record.id}`, { type: 'income', record }] as const),
      ...expenses.map((record: Expense) => [`expense:${record.id}`, { type: 'expense', record }] as const),
    ]);
    // A record deleted between the two reads is left out of the page.
    const items = keys.flatMap((k) => byId.get(`${k.type}:${k.id}`) ?? []);
    return { items, total };
  }
}

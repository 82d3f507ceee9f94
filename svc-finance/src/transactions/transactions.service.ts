import { Injectable } from '@nestjs/common';
import type { Expense, FinanceTransaction, Income, TransactionListQuery } from '@kcf/contracts';
import { ExpensesRepository } from '../expenses/expenses.repository';
import { IncomeRepository } from '../income/income.repository';
import { TransactionsRepository } from './transactions.repository';

/** Income and expenses in one list: the page's keys in order, then their records as their own lists answer them. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly income: IncomeRepository,
    private readonly expenses: ExpensesRepository,
  ) {}

  async list(query: TransactionListQuery): Promise<{ items: FinanceTransaction[]; total: number }> {
    const { keys, total } = await this.transactions.page(query);
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

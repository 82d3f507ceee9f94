import { categoryLabel, type Expense, type FinanceTransaction, type Income } from '@kcf/contracts';

export type TransactionFilter = 'all' | FinanceTransaction['type'];

export const TRANSACTION_FILTERS: ReadonlyArray<{ value: TransactionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'income', label: 'Income' },
  { value: 'expense', label: 'Expenses' },
];

/** One row of the Recent Transactions table. */
export type Transaction =
  | {
      type: 'income';
      key: string;
      description: string;
      categoryOrSource: string;
      amount: string;
      date: string;
      record: Income;
    }
  | {
      type: 'expense';
      key: string;
      description: string;
      categoryOrSource: string;
      amount: string;
      date: string;
      record: Expense;
    };

export function incomeRow(income: Income): Transaction {
  return {
    type: 'income',
    key: `income-${income.id}`,
    description: income.remarks || 'Income',
    categoryOrSource: income.source,
    amount: income.amount,
    date: income.date,
    record: income,
  };
}

export function expenseRow(expense: Expense): Transaction {
  return {
    type: 'expense',
    key: `expense-${expense.id}`,
    description: expense.description,
    categoryOrSource: categoryLabel(expense.category),
    amount: expense.amount,
    date: expense.date,
    record: expense,
  };
}

/** A row of the server's list as the table shows it. */
export function transactionRow(transaction: FinanceTransaction): Transaction {
  return transaction.type === 'income' ? incomeRow(transaction.record) : expenseRow(transaction.record);
}

import { categoryLabel, type Expense, type Income } from '@kcf/contracts';

export type TransactionFilter = 'all' | 'income' | 'expense';

export const TRANSACTION_FILTERS: ReadonlyArray<{ value: TransactionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'income', label: 'Income' },
  { value: 'expense', label: 'Expenses' },
];

/** One row of the Recent Transactions table. */
export type Transaction =
  | { type: 'income'; key: string; description: string; categoryOrSource: string; amount: string; date: string; record: Income }
  | { type: 'expense'; key: string; description: string; categoryOrSource: string; amount: string; date: string; record: Expense };

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

/** Newest first: by date, then by when the record was made. */
function newestFirst(a: Transaction, b: Transaction): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  const created = (t: Transaction) => t.record.createdAt;
  return created(a) < created(b) ? 1 : created(a) > created(b) ? -1 : 0;
}

/** Income and expenses in one list, newest first, as the chosen filter shows them. */
export function transactionsFor(incomes: readonly Income[], expenses: readonly Expense[], filter: TransactionFilter): Transaction[] {
  const rows = [
    ...(filter === 'expense' ? [] : incomes.map(incomeRow)),
    ...(filter === 'income' ? [] : expenses.map(expenseRow)),
  ];
  return rows.sort(newestFirst);
}

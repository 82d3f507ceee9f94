import type { Expense, ExpenseCategory, IsoDate } from '@kcf/contracts';
import { column, ColumnMap, type RowOf } from '@kcf/server-kit';

/**
 * The `expenses` table: each column with the API key that shows it; the receipt's key, name, type and size are the
 * service's. The amount is numeric(14,2), read as a decimal string ("1500.00"); timestamps as ISO 8601 UTC.
 */
export const EXPENSES = new ColumnMap({
  id: column<string>('uuid', { api: 'id' }),
  amount: column<string>('numeric', { api: 'amount' }),
  category: column<ExpenseCategory>('varchar', { api: 'category' }),
  beneficiaryId: column<string | null>('varchar', { column: 'beneficiary_id', api: 'beneficiaryId' }),
  date: column<IsoDate>('date', { api: 'date' }),
  description: column<string>('text', { api: 'description' }),
  /** Object-storage key of the receipt, made by the service. */
  receiptKey: column<string | null>('varchar', { column: 'receipt_key' }),
  /** The file name the user uploaded (shown in the download's Content-Disposition). */
  receiptName: column<string | null>('varchar', { column: 'receipt_name' }),
  /** The type read from the file's bytes. */
  receiptType: column<string | null>('varchar', { column: 'receipt_type' }),
  receiptSize: column<number | null>('integer', { column: 'receipt_size' }),
  createdBy: column<string | null>('varchar', { column: 'created_by', api: 'createdBy' }),
  createdAt: column<string>('timestamptz', { column: 'created_at', api: 'createdAt' }),
  updatedAt: column<string>('timestamptz', { column: 'updated_at', api: 'updatedAt' }),
});

/** An expense as stored: the API object's fields with its receipt's key, name, type and size (`EXPENSES`). */
export type ExpenseRow = RowOf<typeof EXPENSES.columns>;

/** The columns of an `expenses` row as `ExpenseRow` names them. */
export const EXPENSE_COLUMNS = EXPENSES.select(null);

export const receiptPath = (expenseId: string) => `/api/expenses/${expenseId}/receipt`;

/** The name a receipt is given: the one it was uploaded under, else `receipt.<its extension>`. */
export function receiptNameOf(row: Pick<ExpenseRow, 'receiptKey' | 'receiptName'>): string {
  return row.receiptName ?? `receipt.${(row.receiptKey ?? '').split('.').pop()}`;
}

/** The receipt's address while the expense has one, as SQL over row `row` and from a row. */
const RECEIPT_URL = {
  sql: (row: string) =>
    `CASE WHEN coalesce(${row}.receipt_key, '') = '' THEN NULL ELSE '/api/expenses/' || ${row}.id || '/receipt' END`,
  value: (row: Pick<ExpenseRow, 'id' | 'receiptKey'>) => (row.receiptKey ? receiptPath(row.id) : null),
};

/** An expense as the API answers it: `EXPENSES`' fields the API shows, then its receipt's address. */
export function toExpense(row: ExpenseRow): Expense {
  return { ...EXPENSES.apiOf(row), receiptUrl: RECEIPT_URL.value(row) } as Expense;
}

/**
 * An `expenses` row `e` as the JSON text of its API object, built by the database for a list's page: the same
 * fields and values as `toExpense` (the transactions list's tests compare the two).
 */
export const EXPENSE_JSON = EXPENSES.jsonObject('e', { receiptUrl: RECEIPT_URL.sql('e') });

import type { Expense } from '@kcf/contracts';
import { isoTimestamp } from '@kcf/server-kit';

/** An expense as stored: the API object's fields with its receipt's key, name, type and size. */
export type ExpenseRow = Omit<Expense, 'receiptUrl' | 'createdAt' | 'updatedAt'> & {
  /** Object-storage key of the receipt, made by the service. */
  receiptKey: string | null;
  /** The file name the user uploaded (shown in the download's Content-Disposition). */
  receiptName: string | null;
  /** The type read from the file's bytes. */
  receiptType: string | null;
  receiptSize: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The columns of an `expenses` row as `ExpenseRow` names them; the amount is numeric(14,2), read as a decimal string ("1500.00"). */
export const EXPENSE_COLUMNS = `id, amount, category, beneficiary_id AS "beneficiaryId", to_char(date, 'YYYY-MM-DD') AS date, description,
  receipt_key AS "receiptKey", receipt_name AS "receiptName", receipt_type AS "receiptType", receipt_size AS "receiptSize",
  created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

export const receiptPath = (expenseId: string) => `/api/expenses/${expenseId}/receipt`;

/** The name a receipt is given: the one it was uploaded under, else `receipt.<its extension>`. */
export function receiptNameOf(row: Pick<ExpenseRow, 'receiptKey' | 'receiptName'>): string {
  return row.receiptName ?? `receipt.${(row.receiptKey ?? '').split('.').pop()}`;
}

export function toExpense(row: ExpenseRow): Expense {
  return {
    id: row.id,
    amount: row.amount,
    category: row.category,
    beneficiaryId: row.beneficiaryId,
    date: row.date,
    description: row.description,
    receiptUrl: row.receiptKey ? receiptPath(row.id) : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * An `expenses` row `e` as the JSON text of its API object, built by the database for a list's page: the same
 * fields and values as `toExpense` (the transactions list's tests compare the two).
 */
export const EXPENSE_JSON = `json_build_object('id', e.id, 'amount', e.amount::text, 'category', e.category, 'beneficiaryId', e.beneficiary_id,
  'date', to_char(e.date, 'YYYY-MM-DD'), 'description', e.description,
  'receiptUrl', CASE WHEN coalesce(e.receipt_key, '') = '' THEN NULL ELSE '/api/expenses/' || e.id || '/receipt' END,
  'createdBy', e.created_by, 'createdAt', ${isoTimestamp('e.created_at')}, 'updatedAt', ${isoTimestamp('e.updated_at')})`;

import type { Income } from '@kcf/contracts';
import { isoTimestamp } from '@kcf/server-kit';

/** An income record as read: the API object's fields, its timestamps as dates. */
export type IncomeRow = Omit<Income, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** The columns of an `income` row as `IncomeRow` names them; the amount is numeric(14,2), read as a decimal string ("1500.00"). */
export const INCOME_COLUMNS = `id, amount, source, to_char(date, 'YYYY-MM-DD') AS date, remarks, created_by AS "createdBy",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export const toIncome = (row: IncomeRow): Income => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/**
 * An `income` row `i` as the JSON text of its API object, built by the database for a list's page: the same
 * fields and values as `toIncome` (the transactions list's tests compare the two).
 */
export const INCOME_JSON = `json_build_object('id', i.id, 'amount', i.amount::text, 'source', i.source, 'date', to_char(i.date, 'YYYY-MM-DD'),
  'remarks', i.remarks, 'createdBy', i.created_by, 'createdAt', ${isoTimestamp('i.created_at')}, 'updatedAt', ${isoTimestamp('i.updated_at')})`;

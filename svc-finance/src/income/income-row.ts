import type { Income } from '@kcf/contracts';

/** An income record as read: the API object's fields, its timestamps as dates. */
export type IncomeRow = Omit<Income, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** The columns of an `income` row as `IncomeRow` names them; the amount is numeric(14,2), read as its decimal text ("1500.00"). */
export const INCOME_COLUMNS = `id, amount::text AS amount, source, to_char(date, 'YYYY-MM-DD') AS date, remarks, created_by AS "createdBy",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export const toIncome = (row: IncomeRow): Income => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

import type { Income, IsoDate } from '@kcf/contracts';
import { column, ColumnMap, type RowOf } from '@kcf/server-kit';

/**
 * The `income` table: each column with the API key that shows it, every one shown. The amount is numeric(14,2),
 * read as a decimal string ("1500.00"); timestamps as ISO 8601 UTC.
 */
export const INCOME = new ColumnMap({
  id: column<string>('uuid', { api: 'id' }),
  amount: column<string>('numeric', { api: 'amount' }),
  source: column<string>('varchar', { api: 'source' }),
  date: column<IsoDate>('date', { api: 'date' }),
  remarks: column<string | null>('text', { api: 'remarks' }),
  createdBy: column<string | null>('varchar', { column: 'created_by', api: 'createdBy' }),
  createdAt: column<string>('timestamptz', { column: 'created_at', api: 'createdAt' }),
  updatedAt: column<string>('timestamptz', { column: 'updated_at', api: 'updatedAt' }),
});

/** An income record as read (`INCOME`). */
export type IncomeRow = RowOf<typeof INCOME.columns>;

/** The columns of an `income` row as `IncomeRow` names them. */
export const INCOME_COLUMNS = INCOME.select(null);

export const toIncome = (row: IncomeRow): Income => INCOME.apiOf(row) as Income;

/**
 * An `income` row `i` as the JSON text of its API object, built by the database for a list's page: the same
 * fields and values as `toIncome` (the transactions list's tests compare the two).
 */
export const INCOME_JSON = INCOME.jsonObject('i');

import type { TransactionListQuery, TransactionType } from '@kcf/contracts';
import { containing } from '@kcf/server-kit';
import { EXPENSE_JSON } from '../expenses/expense-row';
import { INCOME_JSON } from '../income/income-row';

/**
 * The searched text of each table, stored in its `search_text` and trigram-indexed (migration
 * `TransactionSearchText`): an income's source and remarks, an expense's description and category, lower-cased.
 */
export const SEARCH_TEXT = {
  income: `i.search_text`,
  expense: `e.search_text`,
} as const;

/**
 * The filters of both tables as one WHERE each over the same four nullable parameters (type, from, to, search
 * pattern), so there is one text per sort: PostgreSQL plans each execution with its values
 * (plan_cache_mode=force_custom_plan), dropping the table the type leaves out and the filters that are null.
 */
function where(alias: 'i' | 'e', type: TransactionType): string {
  return `WHERE ($1::text IS NULL OR $1::text = '${type}')
      AND ($2::date IS NULL OR ${alias}.date >= $2::date)
      AND ($3::date IS NULL OR ${alias}.date <= $3::date)
      AND ($4::text IS NULL OR ${SEARCH_TEXT[type]} LIKE $4::text)`;
}

const BOTH = (columns: (alias: 'i' | 'e') => string) => `
    SELECT 'income'::text AS type, ${columns('i')} FROM income i ${where('i', 'income')}
    UNION ALL
    SELECT 'expense'::text AS type, ${columns('e')} FROM expenses e ${where('e', 'expense')}`;

/** The four filter parameters of `PAGE_SQL` and `COUNT_SQL`. */
export function filterParams(query: Pick<TransactionListQuery, 'type' | 'from' | 'to' | 'search'>): unknown[] {
  return [
    query.type ?? null,
    query.from ?? null,
    query.to ?? null,
    query.search ? containing(query.search.toLowerCase()) : null,
  ];
}

/**
 * One page of the list in the chosen order over both tables as the JSON text of its array, built by the
 * database (`INCOME_JSON`, `EXPENSE_JSON`), read with the list's version (`transactions_version`), and with the
 * number of every match when `counted`; always one row. The page's keys are walked first; each key is followed
 * in the same direction by the entry time, the type and the id, so the order is total (pages never overlap or
 * skip a row) and each table's part is read from an index, both merged in order (Merge Append): `*_date_idx`
 * for date, `*_amount_idx` for amount. Only the page's own records are then read whole. Parameters: the four
 * filters, then limit and offset. Its text depends only on the order and `counted`, so each is one prepared
 * statement.
 */
export function pageStatement(query: Pick<TransactionListQuery, 'sort' | 'dir'>, counted: boolean): string {
  const direction = query.dir === 'asc' ? 'ASC' : 'DESC';
  const order = (t: string) =>
    `ORDER BY ${t}.${query.sort === 'amount' ? 'amount' : 'date'} ${direction}, ${t}.created_at ${direction}, ${t}.type ${direction}, ${t}.id ${direction}`;
  const item = `CASE k.type
        WHEN 'income' THEN (SELECT json_build_object('type', 'income', 'record', ${INCOME_JSON}) FROM income i WHERE i.id = k.id)
        ELSE (SELECT json_build_object('type', 'expense', 'record', ${EXPENSE_JSON}) FROM expenses e WHERE e.id = k.id)
      END::text`;
  return `SELECT (SELECT version::text FROM transactions_version) AS version, ${counted ? `(${COUNT}) AS total, ` : ''}
      '[' || coalesce(string_agg(${item}, ',' ${order('k')}), '') || ']' AS json
    FROM (
      SELECT t.* FROM (${BOTH((a) => `${a}.id, ${a}.date, ${a}.amount, ${a}.created_at`)}
      ) t
      ${order('t')}
      LIMIT $5 OFFSET $6
    ) k`;
}

/** How many records of both tables match the four filters. */
const COUNT = `SELECT
    (SELECT count(*) FROM income i ${where('i', 'income')})::int +
    (SELECT count(*) FROM expenses e ${where('e', 'expense')})::int`;

import { z } from 'zod';
import { blankAs, optionalIsoDate, textField } from '../common/fields';
import { LimitQuery, OffsetQuery, SORT_DIRECTIONS } from '../common/pagination';
import { Expense } from './expense';
import { Income } from './income';

export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_SORT_FIELDS = ['date', 'amount'] as const;
export type TransactionSortField = (typeof TRANSACTION_SORT_FIELDS)[number];

export const TRANSACTION_SEARCH_MAX = 100;

/**
 * GET /api/transactions: income and expenses in one list (a JSON array of `FinanceTransaction`; the number of all
 * matching records in the `X-Total-Count` header), paged and sorted on the server.
 * - `type`: income or expense ('' and 'all': both);
 * - `from`, `to`: only the dates in that range, inclusive (YYYY-MM-DD);
 * - `search`: contains, case-insensitively: an income's source or remarks, an expense's description or category;
 * - `sort` date (default) or amount, `dir` desc (default) or asc; ties: the newer entry first in desc
 *   (then the type and id), so the order is total and pages never overlap;
 * - `limit` 1..500 (default 50), `offset` (default 0).
 */
export const TransactionListQuery = z
  .object({
    type: z.preprocess(
      blankAs(undefined, ['all']),
      z.enum(TRANSACTION_TYPES, { error: 'Type must be income or expense' }).optional(),
    ),
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
    search: z.preprocess(
      blankAs(undefined),
      textField('Search')
        .max(TRANSACTION_SEARCH_MAX, `Search must be ${TRANSACTION_SEARCH_MAX} characters or less`)
        .optional(),
    ),
    sort: z.preprocess(
      blankAs(undefined),
      z
        .enum(TRANSACTION_SORT_FIELDS, { error: `Sort must be one of: ${TRANSACTION_SORT_FIELDS.join(', ')}` })
        .default('date'),
    ),
    dir: z.preprocess(
      blankAs(undefined),
      z.enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' }).default('desc'),
    ),
    limit: LimitQuery,
    offset: OffsetQuery,
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) {
      ctx.issues.push({ code: 'custom', message: 'From must not be after To', path: ['from'], input: value.from });
    }
  });
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;

/** One row of GET /api/transactions: the income or expense record as its own list answers it. */
export const FinanceTransaction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('income'), record: Income }),
  z.object({ type: z.literal('expense'), record: Expense }),
]);
export type FinanceTransaction = z.infer<typeof FinanceTransaction>;

import { z } from 'zod';
import { blankAs, optionalIsoDate } from '../common/fields';
import { TERMS } from '../enums/terms';
import { LimitQuery, OffsetQuery } from '../common/pagination';

/**
 * GET /api/income and GET /api/expenses (a JSON array; the number of all matching records in the
 * `X-Total-Count` header): newest date first (then newest entry), `limit` 1..500 (default 50),
 * `offset` (default 0), and optionally only the dates from `from` to `to` inclusive (YYYY-MM-DD). The Monthly
 * Report has a route of its own (`MonthlyReportQuery`).
 */
export const FinanceListQuery = z
  .object({
    limit: LimitQuery,
    offset: OffsetQuery,
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) {
      ctx.issues.push({ code: 'custom', message: 'From must not be after To', path: ['from'], input: value.from });
    }
  });
export type FinanceListQuery = z.infer<typeof FinanceListQuery>;

/** GET /api/budgets: every budget, or only one year and/or term. */
export const BudgetListQuery = z.object({
  year: z.preprocess(
    blankAs(undefined),
    z.coerce
      .number({ error: 'Year must be a four-digit year' })
      .int('Year must be a four-digit year')
      .min(1000, 'Year must be a four-digit year')
      .max(9999, 'Year must be a four-digit year')
      .optional(),
  ),
  quarter: z.preprocess(blankAs(undefined), z.enum(TERMS, { error: 'Term is required' }).optional()),
});
export type BudgetListQuery = z.infer<typeof BudgetListQuery>;

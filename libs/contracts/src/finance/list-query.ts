import { z } from 'zod';
import { blankAs, optionalIsoDate } from '../common/fields';
import { API_MESSAGES } from '../common/messages';
import { rulesToday } from '../common/today';
import { TERMS } from '../enums/terms';
import { LimitQuery, OffsetQuery } from '../common/pagination';

/**
 * GET /api/income and GET /api/expenses (a JSON array; the number of all matching records in the
 * `X-Total-Count` header): newest date first (then newest entry), `limit` 1..500 (default 50),
 * `offset` (default 0), and optionally only the dates from `from` to `to` inclusive (YYYY-MM-DD), e.g. one month
 * for the Monthly Report, which is made only for a month that has begun (`API_MESSAGES.monthlyReportFuture`).
 */
export const FinanceListQuery = z
  .object({
    limit: LimitQuery,
    offset: OffsetQuery,
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
    /** Set by the Finances page when it reads the month for its Monthly Report (recorded as an export). */
    purpose: z.preprocess(blankAs(undefined), z.enum(['monthly-report'], { error: 'Unknown purpose' }).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) {
      ctx.issues.push({ code: 'custom', message: 'From must not be after To', path: ['from'], input: value.from });
    }
    if (value.purpose === 'monthly-report' && value.from && value.from > rulesToday()) {
      ctx.issues.push({ code: 'custom', message: API_MESSAGES.monthlyReportFuture, path: ['from'], input: value.from });
    }
  });
export type FinanceListQuery = z.infer<typeof FinanceListQuery>;

/** GET /api/budgets: every budget, or only one year and/or term. */
export const BudgetListQuery = z.object({
  year: z.preprocess(
    blankAs(undefined),
    z.coerce.number({ error: 'Year must be a four-digit year' }).int('Year must be a four-digit year').min(1000, 'Year must be a four-digit year').max(9999, 'Year must be a four-digit year').optional(),
  ),
  quarter: z.preprocess(blankAs(undefined), z.enum(TERMS, { error: 'Term is required' }).optional()),
});
export type BudgetListQuery = z.infer<typeof BudgetListQuery>;

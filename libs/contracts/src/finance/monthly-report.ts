import { z } from 'zod';
import { API_MESSAGES } from '../common/messages';
import { IsoTimestamp } from '../common/dates';
import { blankAs } from '../common/fields';
import { Money } from '../common/money';
import { subtractMoney, sumMoney } from '../common/money-math';
import { rulesToday } from '../common/today';
import { ExpenseCategorySchema, type ExpenseCategory } from '../enums/categories';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * GET /api/reports/monthly: `month` (YYYY-MM), this month on the foundation's calendar when not given; a month
 * that has not begun is refused (`API_MESSAGES.monthlyReportFuture`).
 */
export const MonthlyReportQuery = z
  .object({
    month: z.preprocess(
      blankAs(undefined),
      z.string().regex(MONTH, 'Month must be a year and month (YYYY-MM)').optional(),
    ),
  })
  .transform((value, ctx) => {
    const thisMonth = rulesToday().slice(0, 7);
    const month = value.month ?? thisMonth;
    if (month > thisMonth) {
      ctx.issues.push({
        code: 'custom',
        message: API_MESSAGES.monthlyReportFuture,
        path: ['month'],
        input: value.month,
      });
      return z.NEVER;
    }
    return { month };
  });
export type MonthlyReportQuery = z.infer<typeof MonthlyReportQuery>;

/** The month's income of one source. */
export const MonthlyIncomeGroup = z.object({ label: z.string(), total: Money, count: z.number().int() });
export type MonthlyIncomeGroup = z.infer<typeof MonthlyIncomeGroup>;

/** The month's expenses of one category. */
export const MonthlyExpenseGroup = z.object({ category: ExpenseCategorySchema, total: Money, count: z.number().int() });
export type MonthlyExpenseGroup = z.infer<typeof MonthlyExpenseGroup>;

const Sum = z.object({ total: Money, count: z.number().int() });

/**
 * The answer of GET /api/reports/monthly: one month's income and expenses, each summed to the cent with how many
 * records and their breakdown (income by source, expenses by category), and the net balance (income less
 * expenses; below zero is a deficit). The browser writes the file from it.
 */
export const MonthlyReport = z.object({
  month: z.string().regex(MONTH),
  generatedAt: IsoTimestamp,
  income: Sum.extend({ bySource: z.array(MonthlyIncomeGroup) }),
  expenses: Sum.extend({ byCategory: z.array(MonthlyExpenseGroup) }),
  net: Money,
});
export type MonthlyReport = z.infer<typeof MonthlyReport>;

const sumOf = (groups: readonly { total: Money; count: number }[]) => ({
  total: sumMoney(groups.map((g) => g.total)),
  count: groups.reduce((n, g) => n + g.count, 0),
});

/** The report's sums from its groups, to the cent (integer cents, never floats). */
export function monthlyReportTotals(
  bySource: readonly MonthlyIncomeGroup[],
  byCategory: readonly { category: ExpenseCategory; total: Money; count: number }[],
): { income: z.infer<typeof Sum>; expenses: z.infer<typeof Sum>; net: Money } {
  const income = sumOf(bySource);
  const expenses = sumOf(byCategory);
  return { income, expenses, net: subtractMoney(income.total, expenses.total) };
}

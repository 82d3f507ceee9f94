import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import { blankAs, isBlank, moneyField, tooManyDecimalsMessage, optionalText, requiredEnum } from '../common/fields';
import { Id } from '../common/ids';
import { Money } from '../common/money';
import { EXPENSE_CATEGORIES, ExpenseCategorySchema } from '../enums/categories';
import { TERMS, TermSchema } from '../enums/terms';
import { FIRST_BUDGET_YEAR, budgetYearMessage, currentYear } from '../rules/budget';
import { withinMaxAmount } from './amounts';

export const BudgetItem = z.object({
  id: Id,
  /** Budget screens speak of terms: 'Term 1' | 'Term 2' | 'Term 3'. */
  quarter: TermSchema,
  year: z.number().int(),
  category: ExpenseCategorySchema,
  plannedAmount: Money,
  /** Computed by the service from expenses of this category dated in this term and year. */
  usedAmount: Money,
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type BudgetItem = z.infer<typeof BudgetItem>;

const INVALID_PLANNED = 'Planned amount must be a valid positive number';
const PLANNED_DECIMALS = tooManyDecimalsMessage('Planned amount');

/** A clock: a fixed instant (tests) or a function read at validation time (the default). */
export type Clock = Date | (() => Date);
const readClock = (clock: Clock): Date => (typeof clock === 'function' ? clock() : clock);

/** The budget year: 2020 to the current year on `clock`, as a JSON number or a form string. */
export function budgetYearField(clock: Clock = () => new Date()) {
  return z.unknown().transform((value, ctx): number => {
    if (isBlank(value)) {
      ctx.issues.push({ code: 'custom', message: 'Year is required', input: value });
      return z.NEVER;
    }
    const now = readClock(clock);
    const year = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value;
    if (typeof year !== 'number' || !Number.isInteger(year) || year < FIRST_BUDGET_YEAR || year > currentYear(now)) {
      ctx.issues.push({ code: 'custom', message: budgetYearMessage(now), input: value });
      return z.NEVER;
    }
    return year;
  });
}

/**
 * POST /api/budgets and PUT /api/budgets/{id}. Build it with a clock so tests can fix the year;
 * `BudgetBody` reads the real date each time it validates.
 */
export function budgetBodySchema(clock: Clock = () => new Date()) {
  return z.object({
    quarter: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z.enum(TERMS, { error: 'Term is required' }),
    ),
    year: budgetYearField(clock),
    category: requiredEnum(EXPENSE_CATEGORIES, 'Category is required', 'Category'),
    plannedAmount: withinMaxAmount(
      moneyField({
        required: 'Planned amount is required',
        invalid: INVALID_PLANNED,
        tooManyDecimals: PLANNED_DECIMALS,
        range: 'nonNegative',
      }),
    ),
    notes: optionalText('Notes', 2000, 'multi'),
  });
}

export const BudgetBody = budgetBodySchema();
export type BudgetBody = z.infer<typeof BudgetBody>;

/** PUT /api/budgets/{id} from the details dialog: planned amount and notes only. */
export const BudgetInlineEditBody = z.object({
  plannedAmount: withinMaxAmount(
    moneyField({
      required: INVALID_PLANNED,
      invalid: INVALID_PLANNED,
      tooManyDecimals: PLANNED_DECIMALS,
      range: 'nonNegative',
    }),
  ),
  notes: optionalText('Notes', 2000, 'multi'),
});
export type BudgetInlineEditBody = z.infer<typeof BudgetInlineEditBody>;

export const BUDGET_REPORT_TYPES = ['termly', 'yearly'] as const;
export type BudgetReportType = (typeof BUDGET_REPORT_TYPES)[number];

/** GET /api/budgets/download?type=termly|yearly&year=YYYY&quarter=Term N (termly only). */
export const BudgetDownloadQuery = z
  .object({
    type: z.enum(BUDGET_REPORT_TYPES, { error: 'Type must be termly or yearly' }),
    year: z.unknown().transform((value, ctx): number => {
      if (isBlank(value)) {
        ctx.issues.push({ code: 'custom', message: 'Year is required', input: value });
        return z.NEVER;
      }
      const year = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value;
      if (typeof year !== 'number' || !Number.isInteger(year) || year < 1000 || year > 9999) {
        ctx.issues.push({ code: 'custom', message: 'Year must be a four-digit year', input: value });
        return z.NEVER;
      }
      return year;
    }),
    quarter: z.preprocess(blankAs(undefined), z.enum(TERMS, { error: 'Term is required' }).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'termly' && !value.quarter) {
      ctx.issues.push({ code: 'custom', message: 'Term is required', path: ['quarter'], input: value.quarter });
    }
  })
  .transform((value) =>
    value.type === 'termly'
      ? { type: 'termly' as const, year: value.year, quarter: value.quarter as (typeof TERMS)[number] }
      : { type: 'yearly' as const, year: value.year, quarter: null },
  );
export type BudgetDownloadQuery = z.infer<typeof BudgetDownloadQuery>;

export const BudgetTotals = z.object({ planned: Money, used: Money, remaining: Money });
export type BudgetTotals = z.infer<typeof BudgetTotals>;

const reportCommon = {
  year: z.number().int(),
  generatedAt: IsoTimestamp,
  /** The name of the user who asked for it. */
  generatedBy: z.string(),
  totals: BudgetTotals,
  budgets: z.array(BudgetItem),
};

/** The answer of GET /api/budgets/download; the browser builds the PDF or CSV from it. */
export const BudgetReport = z.discriminatedUnion('type', [
  z.object({ type: z.literal('termly'), quarter: TermSchema, ...reportCommon }),
  z.object({ type: z.literal('yearly'), quarter: z.null(), ...reportCommon }),
]);
export type BudgetReport = z.infer<typeof BudgetReport>;

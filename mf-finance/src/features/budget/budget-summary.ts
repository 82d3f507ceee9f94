import {
  EXPENSE_CATEGORIES,
  TERMS,
  remainingAmount,
  sumMoney,
  toCents,
  usagePercentage,
  type BudgetItem,
  type Money,
  type Term,
} from '@kcf/contracts';

export interface UsageSummary {
  planned: Money;
  used: Money;
  /** Planned minus used; negative when over budget. */
  remaining: Money;
  /** Used as a percentage of planned, unrounded; 0 when nothing is planned. */
  percentage: number;
}

/** Planned, used and remaining over some budget items, to the cent. */
export function summarise(items: readonly Pick<BudgetItem, 'plannedAmount' | 'usedAmount'>[]): UsageSummary {
  const planned = sumMoney(items.map((b) => b.plannedAmount));
  const used = sumMoney(items.map((b) => b.usedAmount));
  return { planned, used, remaining: remainingAmount(planned, used), percentage: usagePercentage(used, planned) };
}

const categoryOrder = (category: string) => EXPENSE_CATEGORIES.indexOf(category as (typeof EXPENSE_CATEGORIES)[number]);

/** The budget items of one term and year, in the categories' fixed order (the screen filters on the client). */
export function budgetsFor(budgets: readonly BudgetItem[], term: Term, year: number): BudgetItem[] {
  return budgets
    .filter((b) => b.quarter === term && b.year === year)
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
}

/** One summary per term of a year, for the three term cards. */
export function termSummaries(budgets: readonly BudgetItem[], year: number): Record<Term, UsageSummary> {
  const entries = TERMS.map((term) => [term, summarise(budgetsFor(budgets, term, year))] as const);
  return Object.fromEntries(entries) as Record<Term, UsageSummary>;
}

/** The table's Progress column: the percentage rounded to a whole number. */
export function roundedPercent(percentage: number): string {
  return `${Math.round(percentage)}%`;
}

/** Used as a percentage of planned with one decimal, rounded half up on exact cents ('12.5%'); '0.0%' when nothing is planned. */
export function percentWithOneDecimal(used: Money, planned: Money): string {
  const p = toCents(planned);
  if (p === 0n) return '0.0%';
  const u = toCents(used);
  const negative = u < 0n !== p < 0n && u !== 0n;
  const absU = u < 0n ? -u : u;
  const absP = p < 0n ? -p : p;
  const tenths = (absU * 2000n + absP) / (2n * absP);
  return `${negative ? '-' : ''}${tenths / 10n}.${tenths % 10n}%`;
}

export type UsageTone = 'green' | 'yellow' | 'red';

/**
 * The usage bar's colour from the exact amounts: green up to 80%, yellow above 80%, red above 100%.
 * Compared in cents, so a budget overspent by one cent is red even though its percentage rounds to
 * 100.00; nothing planned reads as 0%, green.
 */
export function usageTone(used: Money, planned: Money): UsageTone {
  const p = toCents(planned);
  if (p <= 0n) return 'green';
  const u = toCents(used);
  if (u > p) return 'red';
  if (u * 5n > p * 4n) return 'yellow';
  return 'green';
}

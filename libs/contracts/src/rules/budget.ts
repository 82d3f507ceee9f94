import { toCalendarDate } from '../common/dates';
import { type Money, subtractMoney, toCents } from '../common/money';

/** Budgets start in 2020 and never name a future year. */
export const FIRST_BUDGET_YEAR = 2020;

/** The current year on the foundation's clock. */
export function currentYear(now: Date): number {
  return toCalendarDate(now).year;
}

/** The years a budget may name: 2020 to the current year, ascending. */
export function budgetYearRange(now: Date): { min: number; max: number; years: number[] } {
  const max = currentYear(now);
  const years: number[] = [];
  for (let year = FIRST_BUDGET_YEAR; year <= max; year += 1) years.push(year);
  return { min: FIRST_BUDGET_YEAR, max, years };
}

export function budgetYearMessage(now: Date): string {
  return `Year must be between ${FIRST_BUDGET_YEAR} and ${currentYear(now)} (current year)`;
}

/** Used as a percentage of planned (unrounded); 0 when planned is 0. */
export function usagePercentage(used: Money, planned: Money): number {
  const plannedCents = toCents(planned);
  if (plannedCents === 0n) return 0;
  // Basis points in BigInt first, so big amounts keep their precision.
  const basisPoints = (toCents(used) * 10_000n) / plannedCents;
  return Number(basisPoints) / 100;
}

/** Width of a progress bar: the percentage capped to 0..100. */
export function progressWidth(percentage: number): number {
  return Math.min(100, Math.max(0, percentage));
}

export type UsageColour = 'green' | 'yellow' | 'red';

/** Usage bar colour: green up to 80%, yellow above 80%, red above 100%. */
export function usageColour(percentage: number): UsageColour {
  if (percentage > 100) return 'red';
  if (percentage > 80) return 'yellow';
  return 'green';
}

/** Planned minus used (negative when over budget). */
export function remainingAmount(planned: Money, used: Money): Money {
  return subtractMoney(planned, used);
}

/** How much used exceeds planned, or null when within budget. */
export function exceededAmount(planned: Money, used: Money): Money | null {
  return toCents(used) > toCents(planned) ? subtractMoney(used, planned) : null;
}

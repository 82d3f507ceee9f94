import type { SchoolFee, SchoolPerformance } from '@kcf/contracts';

/** The detail page shows at most this many performance and fee rows. */
export const RECENT_COUNT = 3;

const TERM_ORDER: Record<string, number> = { 'Term 1': 1, 'Term 2': 2, 'Term 3': 3 };
const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

/** Performance entries, the latest recorded first. */
export function sortPerformance(rows: readonly SchoolPerformance[]): SchoolPerformance[] {
  return [...rows].sort(newestFirst);
}

/** Fees, the latest term first (year, then term, then when recorded). */
export function sortFees(rows: readonly SchoolFee[]): SchoolFee[] {
  return [...rows].sort(
    (a, b) => b.year - a.year || (TERM_ORDER[b.term] ?? 0) - (TERM_ORDER[a.term] ?? 0) || newestFirst(a, b),
  );
}

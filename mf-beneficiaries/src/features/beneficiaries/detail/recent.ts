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

/** The year of a row: a fee's own year, a performance entry's year recorded. */
const yearOf = (row: SchoolFee | SchoolPerformance) => ('year' in row ? row.year : Number(row.createdAt.slice(0, 4)));

/** Every row by year, then term, then when recorded: the latest first (`desc`) or the earliest first (`asc`). */
export function byTermAndYear<T extends SchoolFee | SchoolPerformance>(rows: readonly T[], dir: 'asc' | 'desc'): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign *
      (yearOf(a) - yearOf(b) ||
        (TERM_ORDER[a.term] ?? 0) - (TERM_ORDER[b.term] ?? 0) ||
        a.createdAt.localeCompare(b.createdAt)),
  );
}

import { z } from 'zod';

/** Budget terms (budget screens and forms). */
export const TERMS = ['Term 1', 'Term 2', 'Term 3'] as const;
export type Term = (typeof TERMS)[number];
export const TermSchema = z.enum(TERMS);

/** Months of each term as the term cards show them. */
export const TERM_MONTH_LABELS: Record<Term, string> = {
  'Term 1': 'Jan - Apr',
  'Term 2': 'May - Aug',
  'Term 3': 'Sep - Dec',
};

/** Default selected term on the budget screen. */
export const DEFAULT_TERM: Term = 'Term 3';

/** Calendar quarters (dashboard, by current month). */
export const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
export type Quarter = (typeof QUARTERS)[number];

import { type DateInput, type IsoDate, daysInMonth, formatIsoDate, toCalendarDate } from '../common/dates';
import type { Quarter, Term } from '../enums/terms';

const TERM_MONTHS: Record<Term, readonly number[]> = {
  'Term 1': [1, 2, 3, 4],
  'Term 2': [5, 6, 7, 8],
  'Term 3': [9, 10, 11, 12],
};

function assertMonth(month: number): void {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Month must be a whole number from 1 to 12, got ${month}`);
  }
}

/** The term a month (1..12) belongs to: Term 1 Jan-Apr, Term 2 May-Aug, Term 3 Sep-Dec. */
export function termOfMonth(month: number): Term {
  assertMonth(month);
  return month <= 4 ? 'Term 1' : month <= 8 ? 'Term 2' : 'Term 3';
}

/** The term a date falls in (an instant is read on the foundation's clock). */
export function termOfDate(date: DateInput): Term {
  return termOfMonth(toCalendarDate(date).month);
}

/** The months (1..12) of a term. */
export function termMonths(term: Term): readonly number[] {
  return TERM_MONTHS[term];
}

/** First and last day of a term in a year, inclusive: the range a budget's used amount covers. */
export function termDateRange(term: Term, year: number): { from: IsoDate; to: IsoDate } {
  const months = TERM_MONTHS[term];
  const first = months[0];
  const last = months[months.length - 1];
  return {
    from: formatIsoDate({ year, month: first, day: 1 }),
    to: formatIsoDate({ year, month: last, day: daysInMonth(year, last) }),
  };
}

/** The calendar quarter of a month (1..12): Q1 Jan-Mar ... Q4 Oct-Dec. */
export function quarterOfMonth(month: number): Quarter {
  assertMonth(month);
  return `Q${Math.ceil(month / 3)}` as Quarter;
}

/**
 * The dashboard's small rules, written without @kcf/contracts' runtime: importing its date and money
 * helpers would bring the schema library into the first page every user loads. The test beside this
 * file checks that each one agrees with the contracts' version.
 */
import { formatDate } from '@kcf/web-kit';

const FOUNDATION_TIME_ZONE = 'Africa/Nairobi';
const calendarFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: FOUNDATION_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The calendar day an instant falls on in Nairobi. */
export function foundationDay(instant: Date): CalendarDay {
  const parts = calendarFormat.formatToParts(instant);
  const read = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: read('year'), month: read('month'), day: read('day') };
}

/** Calendar quarter of a month (1..12): Q1 Jan-Mar ... Q4 Oct-Dec. */
export function quarterOf(month: number): string {
  return `Q${Math.ceil(month / 3)}`;
}

/** Budget term of a month: Term 1 Jan-Apr, Term 2 May-Aug, Term 3 Sep-Dec. */
export function termOf(month: number): 'Term 1' | 'Term 2' | 'Term 3' {
  return month <= 4 ? 'Term 1' : month <= 8 ? 'Term 2' : 'Term 3';
}

export const TERM_MONTHS = { 'Term 1': 'Jan - Apr', 'Term 2': 'May - Aug', 'Term 3': 'Sep - Dec' } as const;

/** 'school_fees' -> 'School Fees' (underscores to spaces, title case). */
export function titleCaseCategory(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

const dayNumber = ({ year, month, day }: CalendarDay) => Date.UTC(year, month - 1, day) / 86_400_000;
const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** When a beneficiary was registered: Today, 1 day ago, N days ago, N weeks ago, otherwise the date. */
export function registeredWhen(createdAt: string, now: Date): string {
  const created = new Date(createdAt);
  const days = dayNumber(foundationDay(now)) - dayNumber(foundationDay(created));
  if (days <= 0) return 'Today';
  if (days < 7) return ago(days, 'day');
  if (days < 30) return ago(Math.floor(days / 7), 'week');
  return formatDate(created);
}

/** '1500.50' -> 150050 (exact: amounts here stay far below 2^53 cents). */
export function toCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return 0;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 150050 -> '1500.50'. */
export function fromCents(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function sumAmounts(amounts: readonly string[]): string {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
}

/** Used as a percentage of planned, 0 when nothing is planned. */
export function usedPercent(used: string, planned: string): number {
  const p = toCents(planned);
  return p === 0 ? 0 : Math.floor((toCents(used) * 10_000) / p) / 100;
}

/** Bar colour from the exact amounts: green up to 80%, yellow above 80%, red above 100% of the plan. */
export function usageTone(used: string, planned: string): 'green' | 'yellow' | 'red' {
  const p = toCents(planned);
  const u = toCents(used);
  if (p <= 0) return 'green';
  return u > p ? 'red' : u * 5 > p * 4 ? 'yellow' : 'green';
}

// Calendar dates on the foundation's clock, without zod: screens that only show or pick dates use these
// without loading the schemas (dates.ts adds those).
import type { IsoDate } from './dates';

/** The foundation works in Kenya: "today" and "the current year" are read on its clock. */
export const FOUNDATION_TIME_ZONE = 'Africa/Nairobi';

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDate {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Splits a `YYYY-MM-DD` string that names a real calendar day; null otherwise. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function formatIsoDate({ year, month, day }: CalendarDate): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date an instant falls on in a time zone (the foundation's by default). */
/** Building an Intl formatter is costly; one per time zone serves every call. */
const calendarFormatters = new Map<string, Intl.DateTimeFormat>();

export function calendarDateAt(instant: Date, timeZone: string = FOUNDATION_TIME_ZONE): CalendarDate {
  let formatter = calendarFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    calendarFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const read = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: read('year'), month: read('month'), day: read('day') };
}

/** A date given either as `YYYY-MM-DD` or as an instant (read on the foundation's clock). */
export type DateInput = IsoDate | Date;

export function toCalendarDate(date: DateInput, timeZone: string = FOUNDATION_TIME_ZONE): CalendarDate {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new RangeError('Invalid Date');
    return calendarDateAt(date, timeZone);
  }
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a valid YYYY-MM-DD date: ${date}`);
  return parsed;
}

export function toIsoDate(date: DateInput, timeZone: string = FOUNDATION_TIME_ZONE): IsoDate {
  return formatIsoDate(toCalendarDate(date, timeZone));
}

/** Whole days from `from` to `to` (negative when `to` is earlier), counted on the calendar. */
export function calendarDaysBetween(from: DateInput, to: DateInput, timeZone: string = FOUNDATION_TIME_ZONE): number {
  const a = toCalendarDate(from, timeZone);
  const b = toCalendarDate(to, timeZone);
  const dayNumber = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
  return dayNumber(b) - dayNumber(a);
}

import { FOUNDATION_TIME_ZONE, calendarDaysBetween } from '../common/dates';

export interface DateDisplayOptions {
  /** BCP 47 locale for the fallback date; the runtime's default when absent. */
  locale?: string;
  /** Time zone for calendar days and the fallback date; the foundation's by default. */
  timeZone?: string;
}

function localeDate(instant: Date, { locale, timeZone = FOUNDATION_TIME_ZONE }: DateDisplayOptions): string {
  return new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(
    instant,
  );
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * When a beneficiary was registered, counted in calendar days:
 * 'Today', '1 day ago', 'N days ago' under 7 days, 'N weeks ago' under 30 days, otherwise a date.
 */
export function beneficiaryRelativeTime(createdAt: Date | string, now: Date, options: DateDisplayOptions = {}): string {
  const created = createdAt instanceof Date ? createdAt : new Date(createdAt);
  const days = calendarDaysBetween(created, now, options.timeZone);
  if (days <= 0) return 'Today';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return localeDate(created, options);
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * A user's last activity, from updatedAt or else createdAt:
 * 'Just now' under 1 hour, 'N hours ago' under 24 hours, 'N days ago' under 7 days, otherwise a date.
 */
export function lastActiveText(lastActive: Date | string, now: Date, options: DateDisplayOptions = {}): string {
  const instant = lastActive instanceof Date ? lastActive : new Date(lastActive);
  const elapsed = now.getTime() - instant.getTime();
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  return localeDate(instant, options);
}

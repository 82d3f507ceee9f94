import { formatDate } from './date';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * A user's Last Active (from updatedAt, else createdAt): 'Just now' under 1 hour, 'N hours ago' under
 * 24 hours, 'N days ago' under 7 days, otherwise the date as `formatDate` shows it ('14 Nov 2026').
 * The same counting as `lastActiveText` in @kcf/contracts, without its runtime in the browser's chunk.
 */
export function formatLastActive(lastActive: string | Date, now: Date): string {
  const instant = lastActive instanceof Date ? lastActive : new Date(lastActive);
  const elapsed = now.getTime() - instant.getTime();
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), 'day');
  return formatDate(instant);
}

/**
 * The foundation's clock (the same zone as FOUNDATION_TIME_ZONE in @kcf/contracts, kept here so the
 * browser's shared chunk does not pull in the contracts' schemas).
 */
const FOUNDATION_TIME_ZONE = 'Africa/Nairobi';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const OPTIONS = { day: 'numeric', month: 'short', year: 'numeric' } as const;

// A plain calendar date names the same day everywhere; a timestamp is read on the foundation's clock.
const calendarDateFormat = new Intl.DateTimeFormat('en-KE', { ...OPTIONS, timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('en-KE', { ...OPTIONS, timeZone: FOUNDATION_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat('en-KE', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: FOUNDATION_TIME_ZONE,
});

/**
 * A date for people, e.g. '12 Mar 2025', from `YYYY-MM-DD`, an ISO timestamp or a Date.
 * Empty input gives ''; text that is not a date is shown as it is.
 */
export function formatDate(isoDate: string | Date | null | undefined): string {
  if (isoDate === null || isoDate === undefined || isoDate === '') return '';
  const date = isoDate instanceof Date ? isoDate : new Date(isoDate);
  if (Number.isNaN(date.getTime())) return typeof isoDate === 'string' ? isoDate : '';
  const calendarDate = typeof isoDate === 'string' && DATE_ONLY.test(isoDate);
  return (calendarDate ? calendarDateFormat : instantFormat).format(date);
}

/**
 * A moment for people, on the foundation's clock, e.g. '24 Nov 2026 14:03' (the audit trail's entries).
 * Empty input gives ''; text that is not a date is shown as it is.
 */
export function formatDateTime(instant: string | Date | null | undefined): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return typeof instant === 'string' ? instant : '';
  return `${instantFormat.format(date)} ${timeFormat.format(date)}`;
}

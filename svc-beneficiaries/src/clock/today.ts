import { FOUNDATION_TIME_ZONE, formatIsoDate, type IsoDate } from '@kcf/contracts';

/** Made once: building an Intl.DateTimeFormat costs far more than using one. */
const FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: FOUNDATION_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' });

/** The foundation's calendar date at `now` (ages and the export's file name are counted on it). */
export function foundationToday(now: Date): IsoDate {
  const parts = FORMAT.formatToParts(now);
  const read = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return formatIsoDate({ year: read('year'), month: read('month'), day: read('day') });
}

import { z } from 'zod';
import { isValidIsoDate } from './calendar';

export * from './calendar';

/** A calendar date as `YYYY-MM-DD`, a day that exists (no 2023-02-29). */
export const IsoDate = z.string().refine(isValidIsoDate, { error: 'Date must be a valid date (YYYY-MM-DD)' });
export type IsoDate = z.infer<typeof IsoDate>;

/** An ISO 8601 timestamp, e.g. `2024-05-01T08:30:00.000Z` (services emit UTC). */
export const IsoTimestamp = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 timestamp' });
export type IsoTimestamp = z.infer<typeof IsoTimestamp>;

import type { IsoDate } from '@kcf/contracts';

/**
 * Whether a grant counts on `today` (the foundation's date), from the last day it counts: an ISO date, or
 * 'infinity' / 'never' for a grant without expiry; null when it is not granted (never recorded, or withdrawn).
 * An expired grant counts as not recorded.
 */
export function grantCounts(until: string | null, today: IsoDate): boolean {
  return until !== null && (until === 'infinity' || until === 'never' || until >= today);
}

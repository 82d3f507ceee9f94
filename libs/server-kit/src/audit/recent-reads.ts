import type { AuditRow } from './audit-rows';

/** How long a read is remembered: a browser that fetches a download twice does so within a second. */
export const READ_REPEAT_MS = 3000;
const MAX_REMEMBERED = 2000;

/**
 * The views and exports this process recorded in the last few seconds, so that one action gives one entry: a
 * browser fetches a file download twice when the answer may not be stored (`no-store`), and a report clicked
 * once may be asked twice. A read is a repeat when the same user read the same thing (kind, record, child and
 * details) within READ_REPEAT_MS; anything else is recorded. Kept in memory, at most MAX_REMEMBERED reads.
 */
export class RecentReads {
  private readonly seen = new Map<string, number>();

  /** True when `row` repeats a read remembered within READ_REPEAT_MS of `now` (a monotonic time in ms). */
  repeats(row: AuditRow, now: number): boolean {
    const last = this.seen.get(keyOf(row));
    return last !== undefined && now - last < READ_REPEAT_MS;
  }

  /** Remembers `row` as recorded at `now` (once its entry is written: a read whose entry failed is no repeat). */
  remember(row: AuditRow, now: number): void {
    const key = keyOf(row);
    this.seen.delete(key);
    this.seen.set(key, now);
    if (this.seen.size > MAX_REMEMBERED) {
      for (const [oldest, at] of this.seen) {
        if (this.seen.size <= MAX_REMEMBERED && now - at < READ_REPEAT_MS) break;
        this.seen.delete(oldest);
      }
    }
  }
}

function keyOf(row: AuditRow): string {
  return JSON.stringify([row.actor.id, row.action, row.entityType, row.entityId, row.beneficiaryId, row.details]);
}

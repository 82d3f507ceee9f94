import type { Database } from '../unit-of-work/database';

export interface OutboxBacklog {
  /** Unsent events (counted up to BACKLOG_COUNT_LIMIT). */
  unsent: number;
  /** Seconds since the oldest unsent event occurred; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** Counting stops here, so a scrape stays cheap even when the relay has fallen far behind. */
export const BACKLOG_COUNT_LIMIT = 100_000;

/** What the outbox still holds, read on the partial index of unsent rows (`outbox_unsent_idx`). */
export async function readOutboxBacklog(db: Database): Promise<OutboxBacklog> {
  const row = (await db.readPrepared.one<{ unsent: number; age: number }>(
    `SELECT (SELECT count(*) FROM (SELECT 1 FROM "outbox" WHERE "sent_at" IS NULL LIMIT $1) AS u)::int AS "unsent",
            COALESCE(EXTRACT(EPOCH FROM now() - (SELECT "occurred_at" FROM "outbox" WHERE "sent_at" IS NULL ORDER BY "seq" LIMIT 1)), 0)::float8 AS "age"`,
    [BACKLOG_COUNT_LIMIT],
  ))!;
  return { unsent: row.unsent, oldestAgeSeconds: Math.max(row.age, 0) };
}

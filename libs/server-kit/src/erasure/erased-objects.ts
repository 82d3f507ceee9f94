import type { Logger } from '@nestjs/common';
import type { Clock } from '../clock/clock';
import { errorText } from '../jobs/repeating-pass';
import type { ObjectStorage } from '../storage/object-storage';
import type { Database } from '../unit-of-work/database';
import type { UnitOfWork } from '../unit-of-work/unit-of-work';

/** The first wait after a failed removal; it doubles with each failure, up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60 * 60 * 1000;

/**
 * The stored objects an erasure queued for removal (a service's `erasure_objects`: key, request, attempts,
 * next try), removed one by one by the service's erasure job, a failed removal tried again later, waiting
 * twice as long each time, across restarts. The erasure's part is done once none of its objects is left.
 */
export class ErasedObjects {
  constructor(private readonly db: Database) {}

  /** The objects due for a try at `now`, the longest waiting first. */
  due(now: Date, limit: number): Promise<{ key: string; request_id: string; attempts: number }[]> {
    return this.db.read.rows(
      `SELECT key, request_id::text AS request_id, attempts FROM erasure_objects WHERE next_try_at <= $1 ORDER BY next_try_at LIMIT $2`,
      [now, limit],
    );
  }

  /** The object is gone from storage: forgets it. Resolves to whether this call removed the row. */
  async removed(key: string): Promise<boolean> {
    return (await this.db.write.exec(`DELETE FROM erasure_objects WHERE key = $1`, [key])) > 0;
  }

  /** A removal failed: tries again later, waiting twice as long each time. */
  async failed(key: string, attempts: number, error: string, now: Date): Promise<void> {
    const wait = Math.min(RETRY_BASE_MS * 2 ** Math.min(attempts, 20), RETRY_MAX_MS);
    await this.db.write.exec(
      `UPDATE erasure_objects SET attempts = attempts + 1, last_error = $2, next_try_at = $3 WHERE key = $1`,
      [key, error.slice(0, 500), new Date(now.getTime() + wait)],
    );
  }

  /**
   * One pass of a job: removes up to `limit` objects due now from storage and forgets each (in a unit of work of
   * its own), or notes the failure; stops early when `stopped()` turns true (the service is stopping).
   */
  async removeDue(parts: {
    storage: ObjectStorage;
    uow: UnitOfWork;
    clock: Clock;
    logger: Logger;
    limit: number;
    stopped: () => boolean;
    what: string;
  }): Promise<void> {
    const { storage, uow, clock, logger } = parts;
    for (const object of await this.due(clock.now(), parts.limit)) {
      if (parts.stopped()) return;
      try {
        await storage.delete(object.key);
        await uow.execute(() => this.removed(object.key));
      } catch (error) {
        logger.warn(
          `Could not remove ${parts.what} (try ${object.attempts + 1}); trying again later: ${errorText(error)}`,
        );
        await uow.execute(() => this.failed(object.key, object.attempts, errorText(error), clock.now()));
      }
    }
  }
}

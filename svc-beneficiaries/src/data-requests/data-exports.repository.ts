import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

/** An export the job has taken: its child, who asked (and as what), and how many times it was taken so far (this one included). */
export interface ClaimedExport {
  id: string;
  beneficiary_id: string;
  requested_by: string;
  requested_by_role: string | null;
  attempts: number;
}

const OPEN_EXPORT = `type = 'export' AND state IN ('pending', 'running')`;

/**
 * The `data_requests` rows of exports as the DataExportJob works on them: claimed (FOR UPDATE SKIP LOCKED, then
 * held by `claimed_until`, renewed as the ZIP is written), their progress, their end (built, to be tried again,
 * failed) and their ZIPs once expired.
 */
@Injectable()
export class DataExportsRepository {
  constructor(private readonly db: Database) {}

  /** Takes the oldest export that is due and not held by a build in progress, until `claimUntil`. */
  claimNext(now: Date, claimUntil: Date): Promise<ClaimedExport | null> {
    return this.db.write.one<ClaimedExport>(
      `UPDATE data_requests SET state = 'running', beneficiaries_state = 'running', finance_state = 'running', identity_state = 'running',
         claimed_until = $2, attempts = attempts + 1, progress_done = 0, progress_total = NULL
       WHERE id = (SELECT id FROM data_requests
                    WHERE ${OPEN_EXPORT} AND (next_try_at IS NULL OR next_try_at <= $1) AND (claimed_until IS NULL OR claimed_until <= $1)
                    ORDER BY requested_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id::text, beneficiary_id, requested_by, requested_by_role, attempts`,
      [now, claimUntil],
    );
  }

  /** Files written so far; the claim is held longer. */
  async progress(id: string, done: number, total: number, claimUntil: Date): Promise<void> {
    await this.db.write.exec(
      `UPDATE data_requests SET progress_done = $2, progress_total = $3, claimed_until = $4 WHERE id = $1 AND ${OPEN_EXPORT}`,
      [id, done, total, claimUntil],
    );
  }

  /** The export being built, locked; null when it is no longer open (the child was erased meanwhile). */
  lockOpen(id: string): Promise<{ id: string } | null> {
    return this.db.write.one(
      `SELECT id::text FROM data_requests WHERE id = $1 AND ${OPEN_EXPORT} AND beneficiary_id IS NOT NULL FOR UPDATE`,
      [id],
    );
  }

  async markBuilt(id: string, key: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.write.exec(
      `UPDATE data_requests SET state = 'done', beneficiaries_state = 'done', finance_state = 'done', identity_state = 'done',
         done_at = $3, export_key = $2, expires_at = $4, progress_done = progress_total, claimed_until = NULL, last_error = NULL
       WHERE id = $1`,
      [id, key, now, expiresAt],
    );
  }

  /** The build failed: taken again at `nextTryAt`. */
  async tryLater(id: string, error: string, nextTryAt: Date): Promise<void> {
    await this.db.write.exec(
      `UPDATE data_requests SET claimed_until = NULL, next_try_at = $3, last_error = $2 WHERE id = $1 AND ${OPEN_EXPORT}`,
      [id, error.slice(0, 500), nextTryAt],
    );
  }

  /** The build failed for good: the request says so (it still names its child). Resolves to whether it was still open. */
  async markFailed(id: string, error: string, now: Date): Promise<boolean> {
    const changed = await this.db.write.exec(
      `UPDATE data_requests SET state = 'failed', beneficiaries_state = 'failed', finance_state = 'failed', identity_state = 'failed',
         done_at = $3, claimed_until = NULL, last_error = $2
       WHERE id = $1 AND ${OPEN_EXPORT}`,
      [id, error.slice(0, 500), now],
    );
    return changed > 0;
  }

  /** ZIPs past their download time, oldest first. */
  expiredZips(now: Date, limit: number): Promise<{ id: string; export_key: string }[]> {
    return this.db.read.rows(
      `SELECT id::text, export_key FROM data_requests WHERE export_key IS NOT NULL AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [now, limit],
    );
  }

  /** The ZIP is gone from storage: the request forgets it, and still names its child (what was handed to whom). */
  async forgetZip(id: string, key: string): Promise<void> {
    await this.db.write.exec(`UPDATE data_requests SET export_key = NULL WHERE id = $1 AND export_key = $2`, [id, key]);
  }

  /**
   * A child is being erased: its open exports fail, and every export of it forgets it (the requests then show the
   * child as erased). Resolves to the ZIPs still kept, for the erasure to remove with the child's other objects.
   */
  async forgetExportsOf(beneficiaryId: string, now: Date): Promise<string[]> {
    const kept = await this.db.write.rows<{ export_key: string }>(
      `SELECT export_key FROM data_requests WHERE type = 'export' AND beneficiary_id = $1 AND export_key IS NOT NULL FOR UPDATE`,
      [beneficiaryId],
    );
    await this.db.write.exec(
      `UPDATE data_requests SET
         state = CASE WHEN state IN ('pending', 'running') THEN 'failed' ELSE state END,
         beneficiaries_state = CASE WHEN state IN ('pending', 'running') THEN 'failed' ELSE beneficiaries_state END,
         done_at = COALESCE(done_at, $2), claimed_until = NULL, beneficiary_id = NULL, names = NULL, export_key = NULL
       WHERE type = 'export' AND beneficiary_id = $1`,
      [beneficiaryId, now],
    );
    return kept.map((r) => r.export_key);
  }
}

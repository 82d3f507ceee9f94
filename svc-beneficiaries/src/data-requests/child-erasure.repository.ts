import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

import { objectKey } from '../files/object-names';

/** A record of the child that identity was told its creator of (household, fees, documents, ...). */
export interface ErasedRecord {
  record_type: string;
  record_id: string;
  created_by: string;
}

/** How often a stored object's removal is tried again after a failure (doubling up to an hour). */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60 * 60 * 1000;

/**
 * svc-beneficiaries' part of a child's erasure: the child's rows (its records go with it, ON DELETE CASCADE),
 * the stored objects they point at (queued in `erasure_objects` in the same transaction, removed by the
 * ErasedObjectsJob until none is left), and whatever else in this database still holds the child's id or
 * name: sent outbox rows, idempotency records, audit values.
 */
@Injectable()
export class ChildErasureRepository {
  constructor(private readonly db: Database) {}

  /** The child's row, locked; null when it is gone already. */
  lockChild(id: string): Promise<{ id: string; full_name: string } | null> {
    return this.db.write.one(`SELECT id, full_name FROM beneficiaries WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** Every object the child's rows point at: photo, thumbnail, birth certificate, documents (consent evidence too), gift photos and cards. */
  async storedObjectsOf(id: string): Promise<string[]> {
    const rows = await this.db.write.rows<{ key: string }>(
      `SELECT photo_key AS key FROM beneficiaries WHERE id = $1 AND photo_key IS NOT NULL
       UNION ALL SELECT photo_thumbnail_key FROM beneficiaries WHERE id = $1 AND photo_thumbnail_key IS NOT NULL
       UNION ALL SELECT $2 || birth_certificate_file FROM beneficiaries WHERE id = $1 AND birth_certificate_file IS NOT NULL
       UNION ALL SELECT $3 || file_name FROM documents WHERE beneficiary_id = $1
       UNION ALL SELECT photo_key FROM gifts WHERE beneficiary_id = $1 AND photo_key IS NOT NULL
       UNION ALL SELECT photo_card_key FROM gifts WHERE beneficiary_id = $1 AND photo_card_key IS NOT NULL`,
      [id, objectKey('birthCertificate', ''), objectKey('document', '')],
    );
    return [...new Set(rows.map((r) => r.key))];
  }

  /** The child's records identity knows the creator of (the child's own row is erased there by the child's id). */
  recordsOf(id: string): Promise<ErasedRecord[]> {
    return this.db.write.rows<ErasedRecord>(
      `SELECT 'household_member' AS record_type, id::text AS record_id, created_by FROM household_members WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_performance', id::text, created_by FROM school_performance WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_fee', id::text, created_by FROM school_fees WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'document', id::text, created_by FROM documents WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'special_need', id::text, created_by FROM special_needs WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'gift', id::text, created_by FROM gifts WHERE beneficiary_id = $1 AND created_by IS NOT NULL`,
      [id],
    );
  }

  /** Queues objects for removal (ErasedObjectsJob), in the erasure's transaction. */
  async queueObjects(requestId: string, keys: string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.write.exec(
      `INSERT INTO erasure_objects (key, request_id, next_try_at) SELECT unnest($1::text[]), $2, $3 ON CONFLICT (key) DO NOTHING`,
      [keys, requestId, now],
    );
  }

  /** Deletes the child; every record hanging off it goes with it (ON DELETE CASCADE). */
  async deleteChild(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM beneficiaries WHERE id = $1`, [id]);
  }

  /** The objects due for another try, oldest first. */
  dueObjects(now: Date, limit: number): Promise<{ key: string; request_id: string; attempts: number }[]> {
    return this.db.read.rows(`SELECT key, request_id, attempts FROM erasure_objects WHERE next_try_at <= $1 ORDER BY next_try_at LIMIT $2`, [now, limit]);
  }

  /** The object is gone from storage: forgets it. Resolves to whether this call removed the row. */
  async objectRemoved(key: string): Promise<boolean> {
    return (await this.db.write.exec(`DELETE FROM erasure_objects WHERE key = $1`, [key])) > 0;
  }

  /** A removal failed: tries again later, waiting twice as long each time. */
  async objectFailed(key: string, attempts: number, error: string, now: Date): Promise<void> {
    const wait = Math.min(RETRY_BASE_MS * 2 ** Math.min(attempts, 20), RETRY_MAX_MS);
    await this.db.write.exec(
      `UPDATE erasure_objects SET attempts = attempts + 1, last_error = $2, next_try_at = $3 WHERE key = $1`,
      [key, error.slice(0, 500), new Date(now.getTime() + wait)],
    );
  }
}

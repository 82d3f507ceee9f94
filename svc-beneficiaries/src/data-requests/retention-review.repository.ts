import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

export interface RetentionReviewRow {
  beneficiary_id: string;
  full_name: string;
  inactive_since: Date;
  reason: string | null;
  kept_by_name: string | null;
  kept_at: Date | null;
}

export interface RetentionKeepRow {
  reason: string;
  kept_at: Date;
}

/**
 * An inactive child's last change: the newest of the child's own `updated_at` and the changes to its records
 * (household members, school performance and fees, special needs and gifts by `updated_at`, documents by
 * `uploaded_at`, consents by `recorded_at`), so a record added to an inactive child counts as activity.
 */
const INACTIVE_CHILDREN = `
  SELECT b.id AS beneficiary_id, b.full_name,
    GREATEST(
      b.updated_at,
      (SELECT max(updated_at) FROM household_members WHERE beneficiary_id = b.id),
      (SELECT max(updated_at) FROM school_performance WHERE beneficiary_id = b.id),
      (SELECT max(updated_at) FROM school_fees WHERE beneficiary_id = b.id),
      (SELECT max(updated_at) FROM special_needs WHERE beneficiary_id = b.id),
      (SELECT max(updated_at) FROM gifts WHERE beneficiary_id = b.id),
      (SELECT max(uploaded_at) FROM documents WHERE beneficiary_id = b.id),
      (SELECT max(recorded_at) FROM consent_history WHERE beneficiary_id = b.id)
    ) AS inactive_since
  FROM beneficiaries b WHERE NOT b.is_active`;

const COLUMNS = `c.beneficiary_id, c.full_name, c.inactive_since, k.reason, k.kept_by_name, k.kept_at`;

/** `retention_keeps` and the children the retention review lists. */
@Injectable()
export class RetentionReviewRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inactive children whose last change is before `inactiveBefore`, without a Keep after `keptBefore`,
   * oldest first.
   */
  due(inactiveBefore: Date, keptBefore: Date): Promise<RetentionReviewRow[]> {
    return this.db.read.rows<RetentionReviewRow>(
      `SELECT ${COLUMNS} FROM (${INACTIVE_CHILDREN}) c LEFT JOIN retention_keeps k ON k.beneficiary_id = c.beneficiary_id
       WHERE c.inactive_since < $1 AND (k.kept_at IS NULL OR k.kept_at < $2)
       ORDER BY c.inactive_since, c.beneficiary_id`,
      [inactiveBefore, keptBefore],
    );
  }

  /** One inactive child as the review shows it (whether due or not); null when none or active. */
  inactiveChild(id: string): Promise<RetentionReviewRow | null> {
    return this.db.write.one<RetentionReviewRow>(
      `SELECT ${COLUMNS} FROM (${INACTIVE_CHILDREN} AND b.id = $1) c LEFT JOIN retention_keeps k ON k.beneficiary_id = c.beneficiary_id`,
      [id],
    );
  }

  /** The child's row, locked against a concurrent edit or erasure; null when there is none. */
  lockChild(id: string): Promise<{ id: string; is_active: boolean } | null> {
    return this.db.write.one(`SELECT id, is_active FROM beneficiaries WHERE id = $1 FOR SHARE`, [id]);
  }

  findKeep(id: string): Promise<RetentionKeepRow | null> {
    return this.db.write.one<RetentionKeepRow>(
      `SELECT reason, kept_at FROM retention_keeps WHERE beneficiary_id = $1`,
      [id],
    );
  }

  /** The child's Keep, replacing an earlier one. */
  async keep(id: string, reason: string, by: string, byName: string | null, at: Date): Promise<void> {
    await this.db.write.exec(
      `INSERT INTO retention_keeps (beneficiary_id, reason, kept_by, kept_by_name, kept_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (beneficiary_id) DO UPDATE SET reason = EXCLUDED.reason, kept_by = EXCLUDED.kept_by,
         kept_by_name = EXCLUDED.kept_by_name, kept_at = EXCLUDED.kept_at`,
      [id, reason, by, byName, at],
    );
  }
}

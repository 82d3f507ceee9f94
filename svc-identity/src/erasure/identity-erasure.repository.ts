import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

/** The tables a child's erasure changes rows of here (vacuumed after it, so no old row version keeps a value). */
export const ERASED_TABLES = [
  'users',
  'sessions',
  'user_records',
  'outbox',
  'idempotency_keys',
  'audit_entries',
] as const;

/**
 * svc-identity's part of a child's erasure: the beneficiary users linked to the child, the facts about the
 * child's own record, and the outbox rows the bus already has, idempotency records and audit values that
 * name the child.
 */
@Injectable()
export class IdentityErasureRepository {
  constructor(private readonly db: Database) {}

  /** The users linked to the child, each row locked, with how many records of other domains they still have. */
  linkedUsers(beneficiaryId: string): Promise<{ id: string; live_records: number }[]> {
    return this.db.write.rows(
      `SELECT u.id, (SELECT count(*)::int FROM user_records r WHERE r.user_id = u.id::text AND NOT r.deleted) AS live_records
       FROM users u WHERE u.beneficiary_id = $1 ORDER BY u.id FOR UPDATE OF u`,
      [beneficiaryId],
    );
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.write.exec('DELETE FROM users WHERE id = $1', [id]);
  }

  /** A user who created records stays, deactivated and linked to no child. */
  async deactivateUnlinked(id: string, now: Date): Promise<void> {
    await this.db.write.exec(
      'UPDATE users SET is_active = false, beneficiary_id = NULL, updated_at = $2 WHERE id = $1',
      [id, now],
    );
  }

  /** Forgets who created the child's own record (its id is the child's). */
  async forgetChildRecord(beneficiaryId: string): Promise<void> {
    await this.db.write.exec('DELETE FROM user_records WHERE record_id = $1', [beneficiaryId]);
  }
}

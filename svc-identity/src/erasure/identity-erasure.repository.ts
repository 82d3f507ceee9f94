import { Injectable } from '@nestjs/common';
import { Database, redactAuditEntries, UnitOfWork } from '@kcf/server-kit';

/** The service's connection pool, as the audit redaction takes it (it runs in a transaction of its own). */
type Pool = Parameters<typeof redactAuditEntries>[0];

/** `%text%` for ILIKE, with the text's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * svc-identity's part of a child's erasure: the beneficiary users linked to the child, the facts about the
 * child's own record, and the outbox rows the bus already has, idempotency records and audit values that
 * name the child.
 */
@Injectable()
export class IdentityErasureRepository {
  private readonly pool: Pool;

  constructor(
    private readonly db: Database,
    uow: UnitOfWork,
  ) {
    this.pool = (uow.dataSource.driver as unknown as { master: Pool }).master;
  }

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
    await this.db.write.exec('UPDATE users SET is_active = false, beneficiary_id = NULL, updated_at = $2 WHERE id = $1', [id, now]);
  }

  /** Forgets who created the child's own record (its id is the child's). */
  async forgetChildRecord(beneficiaryId: string): Promise<void> {
    await this.db.write.exec('DELETE FROM user_records WHERE record_id = $1', [beneficiaryId]);
  }

  /** Removes outbox rows the bus already has and idempotency records that name the child. */
  async purgeTraces(texts: string[]): Promise<void> {
    const patterns = texts.map(containing);
    await this.db.write.exec(
      `DELETE FROM outbox WHERE id IN (
         SELECT id FROM outbox WHERE sent_at IS NOT NULL AND payload::text ILIKE ANY($1::text[]) FOR UPDATE SKIP LOCKED)`,
      [patterns],
    );
    await this.db.write.exec(`DELETE FROM idempotency_keys WHERE path ILIKE ANY($1::text[]) OR body ILIKE ANY($1::text[])`, [patterns]);
  }

  /** Replaces the child's personal values in this service's audit trail (its own transaction; safe to run again). */
  redactAudit(beneficiaryId: string, names: string[]): Promise<number> {
    return redactAuditEntries(this.pool, beneficiaryId, names);
  }
}

import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { redactAuditEntries } from '../audit/audit-redaction';
import { containing } from '../database/like-pattern';
import { Database } from '../unit-of-work/database';
import { UnitOfWork } from '../unit-of-work/unit-of-work';

/**
 * What a child's erasure removes from the tables server-kit gives every service, in each domain alike: the
 * outbox rows the bus already has and the idempotency records whose path or kept answer names the child (in
 * the erasure's unit of work), and the child's personal values in the service's audit trail (redactAuditEntries,
 * a transaction of its own, safe to run again).
 */
@Injectable()
export class ErasureTraces {
  private readonly pool: Pool;

  constructor(
    private readonly db: Database,
    uow: UnitOfWork,
  ) {
    this.pool = (uow.dataSource.driver as unknown as { master: Pool }).master;
  }

  /** Removes the sent outbox rows and the idempotency records holding one of `texts` (a row the relay is publishing now waits for the next call). */
  async purge(texts: readonly string[]): Promise<void> {
    const patterns = texts.map(containing);
    await this.db.write.exec(
      `DELETE FROM outbox WHERE id IN (
         SELECT id FROM outbox WHERE sent_at IS NOT NULL AND payload::text ILIKE ANY($1::text[]) FOR UPDATE SKIP LOCKED)`,
      [patterns],
    );
    await this.db.write.exec(`DELETE FROM idempotency_keys WHERE path ILIKE ANY($1::text[]) OR body ILIKE ANY($1::text[])`, [patterns]);
  }

  /** Replaces the child's personal values in this service's audit trail; resolves to how many entries were erased now. */
  redactAudit(beneficiaryId: string, names: readonly string[]): Promise<number> {
    return redactAuditEntries(this.pool, beneficiaryId, names);
  }
}

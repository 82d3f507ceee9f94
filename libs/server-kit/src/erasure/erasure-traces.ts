import { Injectable } from '@nestjs/common';
import type { AuditErasure } from '../audit/audit-redaction';
import { AuditRedactor } from '../audit/audit-redactor';
import { containing } from '../database/like-pattern';
import { Database } from '../unit-of-work/database';

/**
 * What a child's erasure removes from the tables server-kit gives every service, in each domain alike: the
 * outbox rows the bus already has and the idempotency records whose path or kept answer names the child (in
 * the erasure's unit of work), and the child's personal values in the service's audit trail (redactAuditEntries,
 * a transaction of its own, safe to run again).
 */
@Injectable()
export class ErasureTraces {
  constructor(
    private readonly db: Database,
    private readonly redactor: AuditRedactor,
  ) {}

  /** Removes the sent outbox rows and the idempotency records holding one of `texts` (a row the relay is publishing now waits for the next call). */
  async purge(texts: readonly string[]): Promise<void> {
    const patterns = texts.map(containing);
    await this.db.write.exec(
      `DELETE FROM outbox WHERE id IN (
         SELECT id FROM outbox WHERE sent_at IS NOT NULL AND payload::text ILIKE ANY($1::text[]) FOR UPDATE SKIP LOCKED)`,
      [patterns],
    );
    await this.db.write.exec(
      `DELETE FROM idempotency_keys WHERE path ILIKE ANY($1::text[]) OR body ILIKE ANY($1::text[])`,
      [patterns],
    );
  }

  /** Replaces the child's (and its erased accounts') personal values in this service's audit trail; resolves to how many entries were erased now. */
  redactAudit(erasure: AuditErasure): Promise<number> {
    return this.redactor.redact(erasure);
  }
}

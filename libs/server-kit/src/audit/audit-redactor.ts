import type { Pool } from 'pg';
import { redactAuditEntries, type AuditErasure } from './audit-redaction';

/** A service's trail as an erasure reaches it: redactAuditEntries with the service's pool and the installation's key. */
export class AuditRedactor {
  constructor(
    private readonly pool: Pool,
    private readonly key: Buffer,
  ) {}

  /** Resolves to how many entries were erased now. */
  redact(erasure: AuditErasure): Promise<number> {
    return redactAuditEntries(this.pool, this.key, erasure);
  }
}

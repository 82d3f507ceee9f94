import type { Database } from '../unit-of-work/database';
import { redactAuditEntries, type AuditErasure } from './audit-redaction';

/** A service's trail as an erasure reaches it: redactAuditEntries on the service's Database with the installation's key. */
export class AuditRedactor {
  constructor(
    private readonly db: Database,
    private readonly key: Buffer,
  ) {}

  /** Resolves to how many entries were erased now. */
  redact(erasure: AuditErasure): Promise<number> {
    return redactAuditEntries(this.db, this.key, erasure);
  }
}

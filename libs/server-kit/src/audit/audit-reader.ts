import type { Pool } from 'pg';
import type { AuditDomain, InternalAuditVerifyResult, ParsedInternalAuditQuery } from '@kcf/contracts';
import { verifyAuditChain } from './audit-chain';
import { readAuditPage } from './audit-query';
import { auditEntryId } from './audit-rows';

/** Reads a service's trail for the gateway: pages of entries, and the chain verified. */
export class AuditReader {
  constructor(
    readonly domain: AuditDomain,
    private readonly pool: Pool,
    private readonly key: Buffer,
  ) {}

  /** The JSON text of `{"items": [...]}` (see readAuditPage). */
  page(query: ParsedInternalAuditQuery): Promise<string> {
    return readAuditPage(this.pool, this.domain, query);
  }

  async verify(): Promise<InternalAuditVerifyResult> {
    const verdict = await verifyAuditChain(this.pool, { key: this.key });
    return {
      ok: verdict.ok,
      checked: verdict.checked,
      firstBrokenId: verdict.firstBrokenSeq === null ? null : auditEntryId(this.domain, verdict.firstBrokenSeq),
      reason: verdict.reason,
    };
  }
}

import { Logger } from '@nestjs/common';
import type {
  AuditDomain,
  InternalAuditPage,
  InternalAuditVerifyResult,
  ParsedInternalAuditQuery,
} from '@kcf/contracts';
import type { Database } from '../unit-of-work/database';
import { chainReaderOf, verifyAuditChain } from './audit-chain';
import { nameAuditEntities, type AuditEntityNamer } from './audit-entity-namer';
import { readAuditPage } from './audit-query';
import { auditEntryId } from './audit-rows';

/** Reads a service's trail for the gateway: pages of entries, and the chain verified. */
export class AuditReader {
  private readonly logger = new Logger('AuditReader');

  constructor(
    readonly domain: AuditDomain,
    private readonly db: Database,
    private readonly key: Buffer,
    /** The service's namer of its records (AuditEntityNamer), when it has one. */
    private readonly namer: () => AuditEntityNamer | null = () => null,
  ) {}

  /**
   * The JSON text of `{"items": [...]}` (see readAuditPage), each entry whose record the service names with its
   * `entity.label` (nameAuditEntities); in a service without a namer, the text as PostgreSQL wrote it.
   */
  async page(query: ParsedInternalAuditQuery): Promise<string> {
    const text = await readAuditPage(this.db.readPrepared, this.domain, query);
    const namer = this.namer();
    if (!namer) return text;
    const page = JSON.parse(text) as InternalAuditPage;
    try {
      await nameAuditEntities(page.items, namer);
    } catch (error) {
      // A name is for reading ease; the entries themselves are what the reader came for.
      this.logger.warn(`The records of an audit page could not be named: ${String(error)}`);
      return text;
    }
    return JSON.stringify(page);
  }

  async verify(): Promise<InternalAuditVerifyResult> {
    const verdict = await verifyAuditChain(chainReaderOf(this.db.read), { key: this.key });
    return {
      ok: verdict.ok,
      checked: verdict.checked,
      firstBrokenId: verdict.firstBrokenSeq === null ? null : auditEntryId(this.domain, verdict.firstBrokenSeq),
      reason: verdict.reason,
    };
  }
}

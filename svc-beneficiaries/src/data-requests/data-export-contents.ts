import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  AUDIT_DOMAINS,
  cleanFileName,
  InternalAuditQuery,
  type AuditDomain,
  type AuditEntry,
  type Gift,
  type InternalAuditPage,
} from '@kcf/contracts';
import { AuditReader, CLOCK, type Clock } from '@kcf/server-kit';
import { BeneficiariesRepository } from '../beneficiaries/beneficiaries.repository';
import { toBeneficiary } from '../beneficiaries/beneficiary-row';
import { currentByPurpose, toConsentRecord, toHistoryEntry } from '../consents/consent-row';
import { ConsentsRepository } from '../consents/consents.repository';
import { DocumentsRepository, toDocument } from '../documents/documents.repository';
import { objectKey } from '../files/object-names';
import { toGift } from '../gifts/gift-row';
import { buildGiftFilter } from '../gifts/gift-list-sql';
import { GiftsRepository } from '../gifts/gifts.repository';
import { HOUSEHOLD_MEMBERS, SCHOOL_FEES, SCHOOL_PERFORMANCE } from '../records/child-record-kinds';
import { ChildRecordsRepository } from '../records/child-records.repository';
import { SpecialNeedsRepository, toSpecialNeed } from '../special-needs/special-needs.repository';
import { auditAsSeenBy, type ExportAsker } from './export-asker';
import { EXPORT_SOURCES, type ExportSources } from './export-sources';
import { EXPORT_README } from './export-readme';

/** A file of the ZIP: JSON or text made here, a stored object copied in, or a receipt of the child's expense read from svc-finance. */
export type ExportEntry =
  | { name: string; text: string }
  | { name: string; key: string }
  | { name: string; receipt: { beneficiaryId: string; expenseId: string } };

const AUDIT_PAGE = 1000;
const GIFT_PAGE = 500;

/**
 * What a child's data export holds, read as the API answers each part (the same mappers), on the date of the
 * build: `child.json` (the child, household, school performance, fees, special needs, documents, consents and
 * their history), `gifts.json`, `expenses.json` (from svc-finance), `audit.json` (every domain's entries about
 * the child, newest first, as the audit log orders them), `README.txt`, and every stored file of the child under
 * `files/`, the receipts of its expenses (kept by svc-finance) included. Everything held is in it, health details included whatever the reader's role, and the photos and
 * medical documents still kept after their consent was withdrawn: it is the child's own data, asked for by its
 * guardian or for them (the right of access). Only the audit entries are shown as the asker may see them
 * (`auditAsSeenBy`: the guardian's own account sees staff by role only). Null when the child no longer exists.
 */
@Injectable()
export class DataExportContents {
  constructor(
    private readonly children: BeneficiariesRepository,
    private readonly records: ChildRecordsRepository,
    private readonly needs: SpecialNeedsRepository,
    private readonly documents: DocumentsRepository,
    private readonly consents: ConsentsRepository,
    private readonly gifts: GiftsRepository,
    private readonly audit: AuditReader,
    @Inject(EXPORT_SOURCES) private readonly sources: ExportSources,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async of(beneficiaryId: string, asker: ExportAsker): Promise<ExportEntry[] | null> {
    const row = await this.children.findRow(beneficiaryId);
    if (!row) return null;
    const today = foundationToday(this.clock.now());
    const documents = await this.documents.listOf(beneficiaryId);
    const gifts = await this.allGifts(beneficiaryId);
    const child = {
      beneficiary: toBeneficiary(row, today),
      householdMembers: (await this.records.listOf(HOUSEHOLD_MEMBERS, beneficiaryId)).map(HOUSEHOLD_MEMBERS.toApi),
      schoolPerformance: (await this.records.listOf(SCHOOL_PERFORMANCE, beneficiaryId)).map(SCHOOL_PERFORMANCE.toApi),
      schoolFees: (await this.records.listOf(SCHOOL_FEES, beneficiaryId)).map(SCHOOL_FEES.toApi),
      specialNeeds: (await this.needs.listOf(beneficiaryId)).map(toSpecialNeed),
      documents: documents.map(toDocument),
      consents: [...currentByPurpose(await this.consents.currentOf(beneficiaryId))].map(([purpose, consent]) =>
        toConsentRecord(purpose, consent, today),
      ),
      consentHistory: (await this.consents.historyOf(beneficiaryId)).map(toHistoryEntry),
    };
    const expenses = await this.sources.expensesOf(beneficiaryId);
    const receipts = await this.sources.receiptsOf(beneficiaryId);
    const audit = auditAsSeenBy(asker, await this.auditOf(beneficiaryId));

    const files: ExportEntry[] = [];
    if (row.photo_key) files.push({ name: `files/photo${extensionOf(row.photo_key)}`, key: row.photo_key });
    if (row.birth_certificate_file)
      files.push({
        name: `files/birth-certificate${extensionOf(row.birth_certificate_file)}`,
        key: objectKey('birthCertificate', row.birth_certificate_file),
      });
    const names = new UniqueNames();
    for (const d of documents)
      files.push({
        name: names.take(
          `files/documents/${d.uploaded_at.toISOString().slice(0, 10)} ${cleanFileName(d.original_name, 'document')}`,
        ),
        key: objectKey('document', d.file_name),
      });
    for (const g of gifts)
      if (g.photoKey)
        files.push({ name: `files/gifts/${g.gift.dateGiven} ${g.gift.id}${extensionOf(g.photoKey)}`, key: g.photoKey });
    const receiptNames = new UniqueNames();
    for (const r of receipts)
      files.push({
        name: receiptNames.take(`files/receipts/${r.date} ${cleanFileName(r.name, 'receipt')}`),
        receipt: { beneficiaryId, expenseId: r.expenseId },
      });

    return [
      { name: 'README.txt', text: EXPORT_README },
      { name: 'child.json', text: json(child) },
      { name: 'gifts.json', text: json(gifts.map((g) => g.gift)) },
      { name: 'expenses.json', text: json(expenses) },
      { name: 'audit.json', text: json(audit) },
      ...files,
    ];
  }

  /** Every gift of the child, newest first (as the gifts list pages them), with its stored photo. */
  private async allGifts(beneficiaryId: string): Promise<{ gift: Gift; photoKey: string | null }[]> {
    const today = foundationToday(this.clock.now());
    const all: { gift: Gift; photoKey: string | null }[] = [];
    const filter = buildGiftFilter({ beneficiaryId }, null);
    for (let offset = 0; ; offset += GIFT_PAGE) {
      const { rows } = await this.gifts.page(filter, 'desc', { limit: GIFT_PAGE, offset }, false);
      all.push(...rows.map((r) => ({ gift: toGift(r, today), photoKey: r.photo_key })));
      if (rows.length < GIFT_PAGE) return all;
    }
  }

  /** Every domain's entries about the child, merged newest first as the audit log orders them. */
  private async auditOf(beneficiaryId: string): Promise<AuditEntry[]> {
    const own = async (query: InternalAuditQuery) =>
      (JSON.parse(await this.audit.page(InternalAuditQuery.parse(query))) as InternalAuditPage).items;
    const pages = await Promise.all([
      everyEntry(own, beneficiaryId),
      everyEntry((q) => this.sources.auditPage('finance', q), beneficiaryId),
      everyEntry((q) => this.sources.auditPage('identity', q), beneficiaryId),
    ]);
    return pages.flat().sort(newestFirst);
  }
}

async function everyEntry(
  read: (query: InternalAuditQuery) => Promise<AuditEntry[]>,
  beneficiaryId: string,
): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let before: Pick<InternalAuditQuery, 'beforeAt' | 'beforeSeq'> = {};
  for (;;) {
    const page = await read({ beneficiaryId, limit: AUDIT_PAGE, ...before });
    all.push(...page);
    if (page.length < AUDIT_PAGE) return all;
    const last = page[page.length - 1];
    before = { beforeAt: last.at, beforeSeq: seqOf(last) };
  }
}

const seqOf = (entry: AuditEntry) => Number(entry.id.slice(entry.id.lastIndexOf('-') + 1));
const rank = (domain: AuditDomain) => AUDIT_DOMAINS.indexOf(domain);

/** The audit log's order: newest first; at the same instant by domain, then by place in the domain's chain. */
function newestFirst(a: AuditEntry, b: AuditEntry): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.domain !== b.domain) return rank(b.domain) - rank(a.domain);
  return seqOf(b) - seqOf(a);
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `.pdf` of a stored name (the server made it: `<uuid>.<ext>`). */
function extensionOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/') ? key.slice(dot).toLowerCase() : '';
}

/** Names that stay distinct: a second `a.pdf` becomes `a (2).pdf`. */
class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > name.lastIndexOf('/') ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = `${base} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

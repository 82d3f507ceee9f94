import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  BENEFICIARIES_ERRORS,
  BeneficiaryCreated,
  BeneficiaryDeleted,
  BeneficiaryUpdated,
  formatBeneficiaryId,
  type Beneficiary,
  type BeneficiaryBody,
  type BeneficiaryCreateBody,
  type BeneficiaryListQuery,
} from '@kcf/contracts';
import {
  AppError,
  AuditTrail,
  CLOCK,
  Events,
  ListTotals,
  type Clock,
  type FileFacts,
  type StoredObject,
  type UserContext,
} from '@kcf/server-kit';
import { assertMaySee, ownChildOf } from '../access/visibility';
import { ConsentGate } from '../consents/consent-gate.service';
import { ConsentsService } from '../consents/consents.service';
import { recordFacts } from '../events/record-facts';
import { checkUpload, uploadFacts, type UploadedFile } from '../files/file-types';
import { newFileName, objectKey } from '../files/object-names';
import { StoredFiles, type NewObject } from '../files/stored-files.service';
import { BeneficiariesRepository, type CertificateFile } from './beneficiaries.repository';
import { BeneficiaryListRepository, type ListPage } from './beneficiary-list.repository';
import { toBeneficiary } from './beneficiary-row';
import { childSubject } from './child-audit-subject';
import { ChildGuard } from './child-guard.service';
import { buildFilter, pageWalk } from './list-sql';

interface BirthCertificate extends CertificateFile {
  object: NewObject;
  /** What the audit trail records of the upload. */
  facts: FileFacts;
}

/** A change's details: the birth certificate uploaded with it, if any. */
function certificateDetails(certificate: BirthCertificate | null): Record<string, unknown> | undefined {
  return certificate ? { birthCertificate: certificate.facts } : undefined;
}

@Injectable()
export class BeneficiariesService {
  private readonly totals = new ListTotals();

  constructor(
    private readonly children: BeneficiariesRepository,
    private readonly pages: BeneficiaryListRepository,
    private readonly guard: ChildGuard,
    private readonly gate: ConsentGate,
    private readonly consents: ConsentsService,
    private readonly events: Events,
    private readonly files: StoredFiles,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * One page of the list (filters, sort and paging all in SQL) as the JSON text of its array, and how many
   * rows match in all. The total is counted in the same statement, unless this filter was counted at the
   * very version of the table the page was read at (see ListTotals); with the total known, a page past the
   * middle is walked from the end (`pageWalk`). Each request is one view in the audit trail: its filters and
   * how many rows it answered (one INSERT, nothing per row).
   */
  async list(user: UserContext, query: BeneficiaryListQuery): Promise<{ json: string; total: number }> {
    const page = await this.readPage(user, query);
    await this.audit.viewed({
      entityType: 'beneficiary-list',
      entityId: null,
      beneficiaryId: user.role === 'beneficiary' ? user.beneficiaryId : null,
      details: { filters: query, rows: rowsOnPage(query, page.total) },
    });
    return page;
  }

  private async readPage(user: UserContext, query: BeneficiaryListQuery): Promise<{ json: string; total: number }> {
    const today = foundationToday(this.clock.now());
    const filter = buildFilter(query, ownChildOf(user), today);
    // The parameters are the key: a consent filter's carries the date, since a grant may expire overnight without a write.
    const filterKey = JSON.stringify(filter.params);
    const { page, total } = await this.totals.withPage<ListPage & { total?: number }>(
      filterKey,
      // With the total known, the walk may start from the nearer end; it held for the snapshot the page was read in.
      (known) =>
        known === null
          ? this.pages.countedPage(filter, query, today)
          : this.pages.page(filter, query, pageWalk(query.offset, query.limit, known), today),
      (counted) => counted.total!,
    );
    return { json: page.json, total };
  }

  async get(user: UserContext, id: string): Promise<Beneficiary> {
    assertMaySee(user, id);
    const row = await this.children.findRow(id);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
    const child = toBeneficiary(row, foundationToday(this.clock.now()));
    await this.audit.viewed(childSubject(id));
    return child;
  }

  /** A new child, with the consents given with it (each recorded and audited as its own change); without them every purpose is not recorded. */
  async create(user: UserContext, body: BeneficiaryCreateBody, file?: UploadedFile): Promise<Beneficiary> {
    const certificate = await this.newBirthCertificate(file);
    const created = await this.files.withNewObject(certificate?.object ?? null, async () => {
      const number = await this.children.nextNumber();
      const id = formatBeneficiaryId(Number(number));
      const row = await this.children.insert({
        id,
        number,
        body,
        certificate,
        createdBy: user.userId,
        now: this.clock.now(),
      });
      await this.events.record(BeneficiaryCreated, {
        beneficiaryId: id,
        fullName: row.full_name,
        createdBy: row.created_by,
      });
      await recordFacts(this.events, [{ recordType: 'beneficiary', recordId: id, createdBy: row.created_by }], false);
      if (body.consents) await this.consents.recordForNewChild(user, row, body.consents);
      return row;
    });
    const child = toBeneficiary(created, foundationToday(this.clock.now()));
    this.audit.created(child, childSubject(child.id, certificateDetails(certificate)));
    return child;
  }

  /** Replaces the form's fields; a new birth certificate replaces the stored one, none keeps it. */
  async update(id: string, body: BeneficiaryBody, file?: UploadedFile): Promise<Beneficiary> {
    const certificate = await this.newBirthCertificate(file);
    const { current, row } = await this.files.withNewObject(certificate?.object ?? null, async () => {
      const current = await this.guard.lockForChange(id);
      await this.gate.assertOpen(id);
      const row = await this.children.update(id, body, certificate, this.clock.now());
      await this.events.record(BeneficiaryUpdated, {
        beneficiaryId: id,
        fullName: row.full_name,
        createdBy: row.created_by,
      });
      return { current, row };
    });
    const replaced = certificate ? current.birth_certificate_file : null;
    if (replaced) this.files.removeAfterCommit([objectKey('birthCertificate', replaced)]);
    const today = foundationToday(this.clock.now());
    const child = toBeneficiary(row, today);
    this.audit.updated(toBeneficiary(current, today), child, childSubject(id, certificateDetails(certificate)));
    return child;
  }

  /**
   * Deletes the child and everything that hangs off it (household, performance, fees, documents, special
   * needs, gifts), tells other domains, then removes its stored files once the delete has committed. The
   * audit entry keeps the child's last values; the entries about it stay.
   */
  async remove(id: string): Promise<void> {
    const current = await this.guard.lockForChange(id);
    const records = await this.children.recordsOf(id);
    const documents = await this.children.documentFilesOf(id);
    const gifts = await this.children.giftPhotosOf(id);
    await this.children.delete(id);
    await this.events.record(BeneficiaryDeleted, {
      beneficiaryId: id,
      fullName: current.full_name,
      createdBy: current.created_by,
    });
    await recordFacts(
      this.events,
      [
        { recordType: 'beneficiary', recordId: id, createdBy: current.created_by },
        ...records.map((r) => ({ recordType: r.record_type, recordId: r.record_id, createdBy: r.created_by })),
      ],
      true,
    );
    this.files.removeAfterCommit([
      current.photo_key,
      current.photo_thumbnail_key,
      current.birth_certificate_file && objectKey('birthCertificate', current.birth_certificate_file),
      ...documents.map((d) => objectKey('document', d.file_name)),
      ...gifts.flatMap((g) => [g.photo_key, g.photo_card_key]),
    ]);
    this.audit.deleted(toBeneficiary(current, foundationToday(this.clock.now())), childSubject(id));
  }

  /**
   * The birth certificate stored under `fileName`, if this user may see its child (else 404). Opening it
   * records the download (a 304 sends nothing and records nothing).
   */
  async birthCertificate(
    user: UserContext,
    fileName: string,
  ): Promise<{ beneficiaryId: string; open(): Promise<StoredObject> }> {
    const row = await this.children.ownerOfCertificate(fileName);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.birthCertificateNotFound);
    assertMaySee(user, row.id, BENEFICIARIES_ERRORS.birthCertificateNotFound);
    const key = objectKey('birthCertificate', fileName);
    const seen = () =>
      this.audit.viewed({
        entityType: 'birth-certificate',
        entityId: row.id,
        beneficiaryId: row.id,
        details: { fileName },
      });
    return { beneficiaryId: row.id, open: () => this.files.openSeen(key, seen) };
  }

  private async newBirthCertificate(file: UploadedFile | undefined): Promise<BirthCertificate | null> {
    if (!file) return null;
    const type = await checkUpload('birthCertificate', file);
    const fileName = newFileName(type.ext);
    return {
      fileName,
      size: file.size,
      object: { key: objectKey('birthCertificate', fileName), bytes: file.buffer, contentType: type.mime },
      facts: uploadFacts(file, type),
    };
  }
}

/** How many rows a page answered: the total was read with the page (or at its version), so this is exact. */
function rowsOnPage(query: Pick<BeneficiaryListQuery, 'offset' | 'limit'>, total: number): number {
  return Math.max(0, Math.min(query.limit, total - query.offset));
}

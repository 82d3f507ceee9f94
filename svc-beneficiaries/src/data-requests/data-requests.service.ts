import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  COMMON_ERRORS,
  DATA_REQUEST_ERRORS,
  ErasureRequested,
  type DataRequest,
  type DataRequestAccepted,
  type DataRequestBody,
  type DataRequestDomain,
  type DataRequestListQuery,
  exportReasonRequired,
} from '@kcf/contracts';
import {
  allTexts,
  AppError,
  AuditTrail,
  type Clock,
  CLOCK,
  ErasureTraces,
  ErasureVacuum,
  Events,
  namingTexts,
  OBJECT_STORAGE,
  ObjectNotFoundError,
  type ObjectStorage,
  type StoredObject,
  UnitOfWork,
  type UserContext,
} from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { BENEFICIARIES_CONFIG, type BeneficiariesConfig } from '../config';
import { ChildErasureRepository, ERASED_REQUEST_TABLES, requestTexts } from './child-erasure.repository';
import { toDataRequest } from './data-request-row';
import { DataExportJob } from './data-export.job';
import { DataRequestsRepository, type DataRequestRow } from './data-requests.repository';
import { subjectDigest } from './subject-digest';

/** An export's ZIP as the download answers it. */
export interface ExportDownload {
  /** `KCF-000123-data-2026-03-02.zip`: the child and the day the ZIP was built. */
  fileName: string;
  object: StoredObject;
}

/**
 * Data requests. An export (the superadmin for any child, the beneficiary user for its own) is built by the
 * DataExportJob; the user who asked follows it and downloads its ZIP for 24 hours, each download recorded as an
 * export of the child's data. An erasure (superadmin only) of one child is written with its `beneficiaries.erasure.requested`
 * event in one unit of work; each domain carries it out in a consumer and reports back
 * (`<domain>.erasure.done`), and `domainDone` moves the request on. The audit trail records the request and
 * each domain's completion, never the child's id or name.
 */
@Injectable()
export class DataRequestsService {
  constructor(
    private readonly requests: DataRequestsRepository,
    private readonly erasure: ChildErasureRepository,
    private readonly traces: ErasureTraces,
    private readonly vacuum: ErasureVacuum,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    private readonly exportJob: DataExportJob,
    private readonly uow: UnitOfWork,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(BENEFICIARIES_CONFIG) private readonly config: BeneficiariesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Opens an erasure; a request about the same child that is still open (or already done) is answered
   * instead of a second one.
   */
  async request(user: UserContext, body: DataRequestBody): Promise<DataRequestAccepted> {
    if (body.type === 'export') return this.requestExport(user, body);
    // The route is open to the beneficiary user for its exports; an erasure stays the superadmin's.
    if (user.role !== 'superadmin') throw AppError.of(COMMON_ERRORS.forbidden);
    if (body.confirm !== body.beneficiaryId) throw AppError.of(DATA_REQUEST_ERRORS.confirmMismatch);
    const digest = subjectDigest(this.config.INTERNAL_SECRET, body.beneficiaryId);
    await this.requests.lockSubject(digest);
    const existing = await this.requests.findBySubject(body.type, digest);
    if (existing && existing.state !== 'failed') return { id: existing.id, state: existing.state };
    const child = await this.erasure.lockChild(body.beneficiaryId);
    if (!child) throw AppError.of(DATA_REQUEST_ERRORS.beneficiaryNotFound);
    const now = this.clock.now();
    const { names, ...others } = await this.erasure.erasureTexts(child);
    const row = await this.requests.insert({
      id: randomUUID(),
      type: body.type,
      digest,
      beneficiaryId: child.id,
      names,
      erasureTexts: others,
      reason: body.reason ?? '',
      requestedBy: user.userId,
      requestedByName: user.name ?? user.username ?? null,
      requestedByRole: user.role,
      now,
      today: foundationToday(now),
      dueDays: this.config.DATA_REQUEST_DUE_DAYS,
    });
    await this.events.record(ErasureRequested, { requestId: row.id, beneficiaryId: child.id, names, ...others });
    this.audit.changed('create', [], {
      entityType: 'data-request',
      entityId: row.id,
      details: { type: row.type, dueOn: row.due_on },
    });
    return { id: row.id, state: row.state };
  }

  /**
   * An export of the child's data for this user: its open one if there is one, else a new one for the job
   * (no confirmation needed). Staff say why (the data-protection officer answers for each hand-over); the
   * guardian's own account may give no reason. The beneficiary user only for its own child (else 404).
   */
  private async requestExport(user: UserContext, body: DataRequestBody): Promise<DataRequestAccepted> {
    assertMaySee(user, body.beneficiaryId, DATA_REQUEST_ERRORS.beneficiaryNotFound);
    if (exportReasonRequired(user.role) && !body.reason) throw AppError.of(DATA_REQUEST_ERRORS.exportReasonRequired);
    const digest = subjectDigest(this.config.INTERNAL_SECRET, body.beneficiaryId);
    await this.requests.lockSubject(digest);
    const open = await this.requests.findOpenExport(digest, user.userId);
    if (open) return { id: open.id, state: open.state };
    const child = await this.erasure.lockChild(body.beneficiaryId);
    if (!child) throw AppError.of(DATA_REQUEST_ERRORS.beneficiaryNotFound);
    const now = this.clock.now();
    const row = await this.requests.insert({
      id: randomUUID(),
      type: 'export',
      digest,
      beneficiaryId: child.id,
      names: [],
      reason: body.reason ?? '',
      requestedBy: user.userId,
      requestedByName: user.name ?? user.username ?? null,
      requestedByRole: user.role,
      now,
      today: foundationToday(now),
      dueDays: this.config.DATA_REQUEST_DUE_DAYS,
    });
    this.audit.changed('create', [], {
      entityType: 'data-request',
      entityId: row.id,
      details: { type: row.type, dueOn: row.due_on },
    });
    this.uow.afterCommit(() => this.exportJob.kick());
    return { id: row.id, state: row.state };
  }

  /**
   * Newest first. The superadmin reads every request (or one child's, of one type); the beneficiary user only
   * those it made itself about its own child (another child: 404).
   */
  async list(user: UserContext, query: DataRequestListQuery): Promise<DataRequest[]> {
    const own = user.role !== 'superadmin';
    const beneficiaryId = own ? (query.beneficiaryId ?? user.beneficiaryId ?? null) : (query.beneficiaryId ?? null);
    if (own && !beneficiaryId) return [];
    if (own) assertMaySee(user, beneficiaryId!, DATA_REQUEST_ERRORS.beneficiaryNotFound);
    const rows = await this.requests.list({
      beneficiaryId,
      type: query.type ?? null,
      requestedBy: own ? user.userId : null,
    });
    await this.audit.viewed({
      entityType: 'data-request',
      entityId: null,
      beneficiaryId,
      details: { rows: rows.length, ...(query.type ? { type: query.type } : {}) },
    });
    const reader = { userId: user.userId, now: this.clock.now() };
    return rows.map((row) => toDataRequest(row, reader));
  }

  /**
   * The superadmin reads any request; the beneficiary user only those it made about a child it may still see
   * (others are 404).
   */
  async get(user: UserContext, id: string): Promise<DataRequest> {
    const row = await this.requests.find(id);
    if (!row || (user.role !== 'superadmin' && row.requested_by !== user.userId))
      throw AppError.of(DATA_REQUEST_ERRORS.dataRequestNotFound);
    assertStillSees(user, row);
    await this.audit.viewed({ entityType: 'data-request', entityId: id });
    return toDataRequest(row, { userId: user.userId, now: this.clock.now() });
  }

  /**
   * The export's ZIP, only to the user who asked for it and only while that user may still see the child (a
   * guardian's account linked to another child since: 404, as for another child's record; anyone else: 404,
   * as if there were none), once built (else 404) and for 24 hours (then 410). Each download is recorded as an
   * export of the child's data.
   */
  async download(user: UserContext, id: string): Promise<ExportDownload> {
    const row = await this.requests.find(id);
    if (!row || row.type !== 'export' || row.requested_by !== user.userId)
      throw AppError.of(DATA_REQUEST_ERRORS.dataRequestNotFound);
    assertStillSees(user, row);
    if (row.state !== 'done' || !row.done_at) throw AppError.of(DATA_REQUEST_ERRORS.exportNotReady);
    if (!row.export_key || !row.beneficiary_id || !row.expires_at || new Date(row.expires_at) <= this.clock.now())
      throw AppError.of(DATA_REQUEST_ERRORS.exportExpired);
    let object: StoredObject;
    try {
      object = await this.storage.get(row.export_key);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw AppError.of(DATA_REQUEST_ERRORS.exportExpired);
      throw error;
    }
    const fileName = `${row.beneficiary_id}-data-${foundationToday(new Date(row.done_at))}.zip`;
    try {
      await this.audit.exported({
        entityType: 'data-request',
        entityId: id,
        beneficiaryId: row.beneficiary_id,
        details: { fileName, size: object.size },
      });
      await this.requests.countDownload(id, this.clock.now());
    } catch (error) {
      object.stream.destroy();
      throw error;
    }
    return { fileName, object };
  }

  /**
   * A domain reported its part of request `id` done (in the report's unit of work); identity names the child's
   * guardian accounts it erased (`erasedUsers`): their requests no longer name them, nor do their own entries in
   * this service's audit trail. When every domain has, the request is done: the outbox rows and idempotency
   * records still naming the child or its guardian go, the request forgets the child (only its digest stays),
   * and once that commits the touched tables are vacuumed.
   */
  async domainDone(id: string, domain: DataRequestDomain, erasedUsers: readonly string[] = []): Promise<void> {
    const row = await this.requests.lock(id);
    if (!row || row.state === 'done' || row[`${domain}_state`] === 'done') return;
    await this.requests.markDomainDone(id, domain);
    if (erasedUsers.length > 0) {
      await this.requests.eraseRequesterNames(erasedUsers);
      if (row.beneficiary_id)
        await this.traces.redactAudit({
          requestId: id,
          beneficiaryId: row.beneficiary_id,
          texts: allTexts(requestTexts(row)),
          actorIds: erasedUsers,
        });
    }
    this.audit.changed('update', [{ field: domain, from: row[`${domain}_state`], to: 'done' }], {
      entityType: 'data-request',
      entityId: id,
      details: null,
    });
    const after = { ...row, [`${domain}_state`]: 'done' };
    if (after.beneficiaries_state !== 'done' || after.finance_state !== 'done' || after.identity_state !== 'done')
      return;
    if (row.beneficiary_id) await this.traces.purge([row.beneficiary_id, ...namingTexts(requestTexts(row))]);
    await this.requests.markDone(id, this.clock.now());
    this.audit.changed('update', [{ field: 'state', from: row.state, to: 'done' }], {
      entityType: 'data-request',
      entityId: id,
      details: null,
    });
    this.vacuum.afterCommit(ERASED_REQUEST_TABLES);
  }
}

/**
 * 404 unless the user may see the request's child now, by the user context of this request (a beneficiary user
 * only its linked child; staff every child). A request that no longer names its child (erased, or its ZIP
 * gone) tells nothing about one.
 */
function assertStillSees(user: UserContext, row: Pick<DataRequestRow, 'beneficiary_id'>): void {
  if (row.beneficiary_id) assertMaySee(user, row.beneficiary_id, DATA_REQUEST_ERRORS.dataRequestNotFound);
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DATA_REQUEST_ERRORS,
  ErasureRequested,
  type DataRequest,
  type DataRequestAccepted,
  type DataRequestBody,
  type DataRequestDomain,
} from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, Events, type Clock, type UserContext } from '@kcf/server-kit';
import { foundationToday } from '../clock/today';
import { BENEFICIARIES_CONFIG, type BeneficiariesConfig } from '../config';
import { ChildErasureRepository } from './child-erasure.repository';
import { toDataRequest } from './data-request-row';
import { DataRequestsRepository } from './data-requests.repository';
import { subjectDigest } from './subject-digest';

/**
 * Data requests (superadmin): an erasure of one child is written with its `beneficiaries.erasure.requested`
 * event in one unit of work; each domain carries it out in a consumer and reports back
 * (`<domain>.erasure.done`), and `domainDone` moves the request on. The audit trail records the request and
 * each domain's completion, never the child's id or name.
 */
@Injectable()
export class DataRequestsService {
  constructor(
    private readonly requests: DataRequestsRepository,
    private readonly erasure: ChildErasureRepository,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(BENEFICIARIES_CONFIG) private readonly config: BeneficiariesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Opens an erasure; a request about the same child that is still open (or already done) is answered
   * instead of a second one.
   */
  async request(user: UserContext, body: DataRequestBody): Promise<DataRequestAccepted> {
    if (body.confirm !== body.beneficiaryId) throw AppError.of(DATA_REQUEST_ERRORS.confirmMismatch);
    const digest = subjectDigest(this.config.INTERNAL_SECRET, body.beneficiaryId);
    await this.requests.lockSubject(digest);
    const existing = await this.requests.findBySubject(body.type, digest);
    if (existing && existing.state !== 'failed') return { id: existing.id, state: existing.state };
    const child = await this.erasure.lockChild(body.beneficiaryId);
    if (!child) throw AppError.of(DATA_REQUEST_ERRORS.beneficiaryNotFound);
    const now = this.clock.now();
    const names = [child.full_name.trim()].filter((name) => name.length > 0);
    const row = await this.requests.insert({
      id: randomUUID(),
      type: body.type,
      digest,
      beneficiaryId: child.id,
      names,
      reason: body.reason,
      requestedBy: user.userId,
      requestedByName: user.name ?? user.username ?? null,
      now,
      today: foundationToday(now),
      dueDays: this.config.DATA_REQUEST_DUE_DAYS,
    });
    await this.events.record(ErasureRequested, { requestId: row.id, beneficiaryId: child.id, names });
    this.audit.changed('create', [], { entityType: 'data-request', entityId: row.id, details: { type: row.type, dueOn: row.due_on } });
    return { id: row.id, state: row.state };
  }

  async list(): Promise<DataRequest[]> {
    const rows = await this.requests.list();
    await this.audit.viewed({ entityType: 'data-request', entityId: null, details: { rows: rows.length } });
    return rows.map(toDataRequest);
  }

  async get(id: string): Promise<DataRequest> {
    const row = await this.requests.find(id);
    if (!row) throw AppError.of(DATA_REQUEST_ERRORS.dataRequestNotFound);
    await this.audit.viewed({ entityType: 'data-request', entityId: id });
    return toDataRequest(row);
  }

  /**
   * A domain reported its part of request `id` done (in the report's unit of work). When every domain has,
   * the request is done: the outbox rows and idempotency records still naming the child go, and the request
   * forgets the child (only its digest stays).
   */
  async domainDone(id: string, domain: DataRequestDomain): Promise<void> {
    const row = await this.requests.lock(id);
    if (!row || row.state === 'done' || row[`${domain}_state`] === 'done') return;
    await this.requests.markDomainDone(id, domain);
    this.audit.changed('update', [{ field: domain, from: row[`${domain}_state`], to: 'done' }], { entityType: 'data-request', entityId: id, details: null });
    const after = { ...row, [`${domain}_state`]: 'done' };
    if (after.beneficiaries_state !== 'done' || after.finance_state !== 'done' || after.identity_state !== 'done') return;
    if (row.beneficiary_id) await this.erasure.purgeTraces([row.beneficiary_id, ...(row.names ?? [])]);
    await this.requests.markDone(id, this.clock.now());
    this.audit.changed('update', [{ field: 'state', from: row.state, to: 'done' }], { entityType: 'data-request', entityId: id, details: null });
  }
}

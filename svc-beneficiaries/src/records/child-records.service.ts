import { Inject, Injectable } from '@nestjs/common';
import { AppError, AuditTrail, CLOCK, Events, type Clock, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ChildGuard } from '../beneficiaries/child-guard.service';
import { ConsentGate } from '../consents/consent-gate.service';
import { recordFacts } from '../events/record-facts';
import type { ChildRecordKind } from './child-record-kinds';
import { ChildRecordsRepository } from './child-records.repository';

/**
 * List, create, update and delete of the records of one child that carry no files (household, performance,
 * fees). Every change is in the audit trail with its values (a delete keeps the old ones); every list read is
 * a view of the child's data.
 */
@Injectable()
export class ChildRecordsService {
  constructor(
    private readonly records: ChildRecordsRepository,
    private readonly guard: ChildGuard,
    private readonly gate: ConsentGate,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list<B, O extends object>(kind: ChildRecordKind<B, O>, user: UserContext, beneficiaryId: string): Promise<O[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    const items = (await this.records.listOf(kind, beneficiaryId)).map(kind.toApi);
    await this.audit.viewed({
      entityType: kind.entityType,
      entityId: null,
      beneficiaryId,
      details: { rows: items.length },
    });
    return items;
  }

  async create<B, O extends object>(
    kind: ChildRecordKind<B, O>,
    user: UserContext,
    beneficiaryId: string,
    body: B,
  ): Promise<O> {
    await this.guard.holdForNewRecord(beneficiaryId);
    await this.gate.assertOpen(beneficiaryId);
    const row = await this.records.insert(kind, beneficiaryId, body, user.userId, this.clock.now());
    await recordFacts(
      this.events,
      [{ recordType: kind.recordType, recordId: String(row.id), createdBy: user.userId }],
      false,
    );
    const created = kind.toApi(row);
    this.audit.created(created, { entityType: kind.entityType, entityId: String(row.id), beneficiaryId });
    return created;
  }

  async update<B, O extends object>(
    kind: ChildRecordKind<B, O>,
    beneficiaryId: string,
    recordId: string,
    body: B,
  ): Promise<O> {
    const current = await this.records.lockRow(kind, beneficiaryId, recordId);
    if (!current) throw AppError.of(kind.notFound);
    await this.gate.assertOpen(beneficiaryId);
    const row = await this.records.update(kind, beneficiaryId, recordId, body, this.clock.now());
    if (!row) throw AppError.of(kind.notFound);
    const updated = kind.toApi(row);
    this.audit.updated(kind.toApi(current), updated, {
      entityType: kind.entityType,
      entityId: recordId,
      beneficiaryId,
    });
    return updated;
  }

  async remove<B, O extends object>(
    kind: ChildRecordKind<B, O>,
    beneficiaryId: string,
    recordId: string,
  ): Promise<void> {
    const row = await this.records.delete(kind, beneficiaryId, recordId);
    if (!row) throw AppError.of(kind.notFound);
    await this.gate.assertOpen(beneficiaryId);
    await recordFacts(
      this.events,
      [{ recordType: kind.recordType, recordId: row.id, createdBy: row.created_by }],
      true,
    );
    this.audit.deleted(kind.toApi(row), { entityType: kind.entityType, entityId: row.id, beneficiaryId });
  }
}

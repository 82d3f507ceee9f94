import { Inject, Injectable } from '@nestjs/common';
import { AppError, CLOCK, Events, type Clock, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ChildGuard } from '../beneficiaries/child-guard.service';
import { recordFacts } from '../events/record-facts';
import type { ChildRecordKind } from './child-record-kinds';
import { ChildRecordsRepository } from './child-records.repository';

/** List, create, update and delete of the records of one child that carry no files (household, performance, fees). */
@Injectable()
export class ChildRecordsService {
  constructor(
    private readonly records: ChildRecordsRepository,
    private readonly guard: ChildGuard,
    private readonly events: Events,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list<B, O>(kind: ChildRecordKind<B, O>, user: UserContext, beneficiaryId: string): Promise<O[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    return (await this.records.listOf(kind, beneficiaryId)).map(kind.toApi);
  }

  async create<B, O>(kind: ChildRecordKind<B, O>, user: UserContext, beneficiaryId: string, body: B): Promise<O> {
    await this.guard.holdForNewRecord(beneficiaryId);
    const row = await this.records.insert(kind, beneficiaryId, body, user.userId, this.clock.now());
    await recordFacts(this.events, [{ recordType: kind.recordType, recordId: String(row.id), createdBy: user.userId }], false);
    return kind.toApi(row);
  }

  async update<B, O>(kind: ChildRecordKind<B, O>, beneficiaryId: string, recordId: string, body: B): Promise<O> {
    const row = await this.records.update(kind, beneficiaryId, recordId, body, this.clock.now());
    if (!row) throw AppError.of(kind.notFound);
    return kind.toApi(row);
  }

  async remove<B, O>(kind: ChildRecordKind<B, O>, beneficiaryId: string, recordId: string): Promise<void> {
    const row = await this.records.delete(kind, beneficiaryId, recordId);
    if (!row) throw AppError.of(kind.notFound);
    await recordFacts(this.events, [{ recordType: kind.recordType, recordId: row.id, createdBy: row.created_by }], true);
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErasureRequested, type EventEnvelope } from '@kcf/contracts';
import {
  type Clock,
  CLOCK,
  erasurePattern,
  ErasureTraces,
  ErasureVacuum,
  type EventConsumer,
  Events,
  namingTexts,
  payloadOf,
  UnitOfWork,
} from '@kcf/server-kit';
import { recordFactEvents, type RecordType } from '../events/record-facts';
import { ChildErasureRepository, ERASED_CHILD_TABLES } from './child-erasure.repository';
import { DataExportsRepository } from './data-exports.repository';
import { DataRequestsRepository } from './data-requests.repository';
import { ErasedObjectsJob } from './erased-objects.job';

/**
 * svc-beneficiaries' part of `beneficiaries.erasure.requested`, in the event's unit of work: deletes the child
 * and every record hanging off it, queues every stored object they pointed at for removal (ErasedObjectsJob,
 * which reports the part done once the last object is gone), tells identity the records are gone, replaces the
 * child's and its guardian's names and the guardian's phone numbers (written any way) in other children's
 * records and the requests' reasons, and drops the outbox rows and idempotency records that name them; once it
 * commits, the touched tables are vacuumed. The ordinary `beneficiary.deleted` event is not sent: it carries
 * the name. A repeated delivery finds no child and changes nothing more.
 */
@Injectable()
export class ChildErasureConsumer implements EventConsumer {
  readonly name = 'child-erasure';
  readonly subjects = [ErasureRequested.subject];
  private readonly logger = new Logger('ChildErasure');

  constructor(
    private readonly erasure: ChildErasureRepository,
    private readonly traces: ErasureTraces,
    private readonly vacuum: ErasureVacuum,
    private readonly requests: DataRequestsRepository,
    private readonly exports: DataExportsRepository,
    private readonly events: Events,
    private readonly job: ErasedObjectsJob,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const payload = payloadOf(ErasureRequested, envelope, this.logger);
    if (!payload) return;
    const { requestId, beneficiaryId } = payload;
    const child = await this.erasure.lockChild(beneficiaryId);
    if (child) {
      // The child's exports go too: their ZIPs with its other objects.
      const keys = [
        ...(await this.erasure.storedObjectsOf(beneficiaryId)),
        ...(await this.exports.forgetExportsOf(beneficiaryId, this.clock.now())),
      ];
      const records = await this.erasure.recordsOf(beneficiaryId);
      await this.erasure.queueObjects(requestId, keys, this.clock.now());
      await this.erasure.deleteChild(beneficiaryId);
      await this.events.recordMany(
        recordFactEvents(
          records.map((r) => ({
            recordType: r.record_type as RecordType,
            recordId: r.record_id,
            createdBy: r.created_by,
          })),
          true,
        ),
      );
    }
    const naming = erasurePattern(payload);
    if (naming) await this.erasure.replaceTexts(naming);
    await this.traces.purge([beneficiaryId, ...namingTexts(payload)]);
    await this.requests.markErasing(requestId);
    this.uow.afterCommit(() => this.job.kick());
    this.vacuum.afterCommit(ERASED_CHILD_TABLES);
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErasureRequested, type EventEnvelope } from '@kcf/contracts';
import {
  allTexts,
  AuditTrail,
  type Clock,
  CLOCK,
  erasurePattern,
  ErasureTraces,
  ErasureVacuum,
  type EventConsumer,
  nameWordsPattern,
  namingTexts,
  payloadOf,
  UnitOfWork,
} from '@kcf/server-kit';
import { BeneficiaryLinksRepository } from '../expenses/beneficiary-links.repository';
import { ErasedReceiptsJob } from './erased-receipts.job';
import { ERASED_TABLES, FinanceErasureRepository } from './finance-erasure.repository';

/**
 * svc-finance's part of `beneficiaries.erasure.requested`, in the event's unit of work: under the child's lock
 * (so an expense saved meanwhile is either cleared or refused) the child's expenses lose their link to the child,
 * their receipts (queued for removal) and every word of the child's name; every text here loses the child's and
 * its guardian's names and the guardian's phone numbers (written any way); the traces naming them go, the audit
 * trail's values about them are replaced with "erased". Once it commits the touched tables are vacuumed, and the
 * part is reported done (`finance.erasure.done`) as soon as its receipts are gone (at once when there were none,
 * else by the ErasedReceiptsJob). Amounts, categories and dates are untouched: every budget sums the same. Running
 * it again changes nothing more.
 */
@Injectable()
export class FinanceErasureConsumer implements EventConsumer {
  readonly name = 'erasure';
  readonly subjects = [ErasureRequested.subject];
  private readonly logger = new Logger('FinanceErasure');

  constructor(
    private readonly erasure: FinanceErasureRepository,
    private readonly traces: ErasureTraces,
    private readonly vacuum: ErasureVacuum,
    private readonly links: BeneficiaryLinksRepository,
    private readonly job: ErasedReceiptsJob,
    private readonly audit: AuditTrail,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const payload = payloadOf(ErasureRequested, envelope, this.logger);
    if (!payload) return;
    const { requestId, beneficiaryId } = payload;
    const now = this.clock.now();
    await this.links.lockChild(beneficiaryId);
    await this.erasure.open(requestId);
    const unlinked = await this.erasure.unlinkExpenses(beneficiaryId, now);
    const receipts = unlinked.map((e) => e.receipt_key).filter((key): key is string => key !== null);
    await this.erasure.queueObjects(requestId, receipts, now);
    await this.erasure.forgetDeletedChild(beneficiaryId);
    let replaced = 0;
    const naming = erasurePattern(payload);
    if (naming) replaced += await this.erasure.replaceTexts(naming, now);
    // A word of the child's name alone is the child only in the child's own expenses.
    const words = nameWordsPattern(payload);
    if (words && unlinked.length > 0)
      replaced += await this.erasure.replaceTexts(
        words,
        now,
        unlinked.map((e) => e.id),
      );
    await this.traces.purge([beneficiaryId, ...namingTexts(payload)]);
    await this.traces.redactAudit({ requestId, beneficiaryId, texts: allTexts(payload) });
    this.audit.changed('update', [], {
      entityType: 'data-request',
      entityId: requestId,
      details: { expensesUnlinked: unlinked.length, receiptsRemoved: receipts.length, textsReplaced: replaced },
    });
    await this.job.report(requestId);
    this.vacuum.afterCommit(ERASED_TABLES);
    if (receipts.length > 0) this.uow.afterCommit(() => this.job.kick());
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErasureRequested, FinanceErasureDone, type EventEnvelope } from '@kcf/contracts';
import { AuditTrail, type Clock, CLOCK, ErasureTraces, type EventConsumer, Events, payloadOf } from '@kcf/server-kit';
import { BeneficiaryLinksRepository } from '../expenses/beneficiary-links.repository';
import { FinanceErasureRepository } from './finance-erasure.repository';

/**
 * svc-finance's part of `beneficiaries.erasure.requested`, in the event's unit of work: under the child's lock
 * (so an expense saved meanwhile is either cleared or refused) the expenses lose their link to the child and
 * its name, the traces naming it go, the audit trail's values about it are replaced with "erased", and the
 * part is reported done (`finance.erasure.done`). Amounts, categories and dates are untouched: every budget
 * sums the same. Running it again changes nothing more.
 */
@Injectable()
export class FinanceErasureConsumer implements EventConsumer {
  readonly name = 'erasure';
  readonly subjects = [ErasureRequested.subject];
  private readonly logger = new Logger('FinanceErasure');

  constructor(
    private readonly erasure: FinanceErasureRepository,
    private readonly traces: ErasureTraces,
    private readonly links: BeneficiaryLinksRepository,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const payload = payloadOf(ErasureRequested, envelope, this.logger);
    if (!payload) return;
    const { requestId, beneficiaryId, names } = payload;
    const now = this.clock.now();
    await this.links.lockChild(beneficiaryId);
    const unlinked = await this.erasure.unlinkExpenses(beneficiaryId, now);
    await this.erasure.forgetDeletedChild(beneficiaryId);
    const renamed = await this.erasure.replaceNames(names, now);
    await this.traces.purge([beneficiaryId, ...names]);
    await this.traces.redactAudit({ requestId, beneficiaryId, texts: names });
    this.audit.changed('update', [], { entityType: 'data-request', entityId: requestId, details: { expensesUnlinked: unlinked, textsReplaced: renamed } });
    await this.events.record(FinanceErasureDone, { requestId });
  }
}

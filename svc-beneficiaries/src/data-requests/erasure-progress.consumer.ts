import { Injectable, Logger } from '@nestjs/common';
import {
  BeneficiariesErasureDone,
  FinanceErasureDone,
  IdentityErasureDone,
  type DataRequestDomain,
  type EventEnvelope,
} from '@kcf/contracts';
import { type EventConsumer, payloadOf } from '@kcf/server-kit';
import { DataRequestsService } from './data-requests.service';

const DOMAIN_OF: Record<string, DataRequestDomain> = {
  [BeneficiariesErasureDone.subject]: 'beneficiaries',
  [FinanceErasureDone.subject]: 'finance',
  [IdentityErasureDone.subject]: 'identity',
};

/**
 * `<domain>.erasure.done`: the request records that domain's part done (identity's with the guardian accounts it
 * erased), and is done when all three are.
 */
@Injectable()
export class ErasureProgressConsumer implements EventConsumer {
  readonly name = 'erasure-progress';
  readonly subjects = [BeneficiariesErasureDone.subject, FinanceErasureDone.subject, IdentityErasureDone.subject];
  private readonly logger = new Logger('ErasureProgress');

  constructor(private readonly requests: DataRequestsService) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const domain = DOMAIN_OF[envelope.subject];
    const requestId = (envelope.payload as { requestId?: unknown } | null)?.requestId;
    if (!domain || typeof requestId !== 'string') {
      this.logger.warn(`Ignored a malformed ${envelope.subject} event ${envelope.id}`);
      return;
    }
    const erasedUsers =
      domain === 'identity' ? (payloadOf(IdentityErasureDone, envelope, this.logger)?.userIds ?? []) : [];
    await this.requests.domainDone(requestId, domain, erasedUsers);
  }
}

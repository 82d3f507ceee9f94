import { Injectable, Logger } from '@nestjs/common';
import { BeneficiaryDeleted, type EventEnvelope } from '@kcf/contracts';
import { payloadOf, type EventConsumer } from '@kcf/server-kit';
import { BeneficiaryLinks } from './beneficiary-links';

/** `beneficiaries.beneficiary.deleted`: expenses that named the child keep their money but lose the link. */
@Injectable()
export class BeneficiaryLinksConsumer implements EventConsumer {
  readonly name = 'beneficiary-links';
  readonly subjects = [BeneficiaryDeleted.subject];
  private readonly logger = new Logger('BeneficiaryLinks');

  constructor(private readonly links: BeneficiaryLinks) {}

  /** Runs in the event's own unit of work (server-kit's messaging). */
  async handle(envelope: EventEnvelope): Promise<void> {
    const payload = payloadOf(BeneficiaryDeleted, envelope, this.logger);
    if (!payload) return;
    await this.links.detach(payload.beneficiaryId);
  }
}

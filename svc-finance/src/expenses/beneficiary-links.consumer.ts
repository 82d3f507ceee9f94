import { Injectable, Logger } from '@nestjs/common';
import { BeneficiaryDeleted, type EventEnvelope } from '@kcf/contracts';
import type { EventConsumer } from '@kcf/server-kit';
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
    const parsed = BeneficiaryDeleted.envelope.safeParse(envelope);
    if (!parsed.success) {
      this.logger.warn(`Ignored a malformed ${envelope.subject} event ${envelope.id}`);
      return;
    }
    await this.links.detach(parsed.data.payload.beneficiaryId);
  }
}

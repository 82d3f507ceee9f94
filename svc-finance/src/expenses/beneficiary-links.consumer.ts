import { Injectable, Logger } from '@nestjs/common';
import { BeneficiaryDeleted, type EventEnvelope } from '@kcf/contracts';
import type { EventConsumer } from '@kcf/server-kit';
import type { EntityManager } from 'typeorm';
import { detachBeneficiary } from './beneficiary-links';

/** `beneficiaries.beneficiary.deleted`: expenses that named the child keep their money but lose the link. */
@Injectable()
export class BeneficiaryLinksConsumer implements EventConsumer {
  readonly name = 'beneficiary-links';
  readonly subjects = [BeneficiaryDeleted.subject];
  private readonly logger = new Logger('BeneficiaryLinks');

  async handle(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
    const parsed = BeneficiaryDeleted.envelope.safeParse(envelope);
    if (!parsed.success) {
      this.logger.warn(`Ignored a malformed ${envelope.subject} event ${envelope.id}`);
      return;
    }
    await detachBeneficiary(manager, parsed.data.payload.beneficiaryId);
  }
}

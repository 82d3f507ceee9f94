import { Inject, Injectable } from '@nestjs/common';
import { FINANCE_ERRORS } from '@kcf/contracts';
import { AppError, CLOCK, type Clock } from '@kcf/server-kit';
import { BeneficiaryLinksRepository } from './beneficiary-links.repository';

/**
 * Expenses and the children they name, as far as this service knows of their deletion. Both calls take the
 * child's lock first, so an expense saved while its child is deleted is either cleared or refused.
 */
@Injectable()
export class BeneficiaryLinks {
  constructor(
    private readonly links: BeneficiaryLinksRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Inside an expense write naming a child: refuses a child whose deletion this service has already taken in. */
  async assertNotDeleted(beneficiaryId: string): Promise<void> {
    await this.links.lockChild(beneficiaryId);
    if (await this.links.isDeleted(beneficiaryId)) throw AppError.of(FINANCE_ERRORS.beneficiaryNotFound);
  }

  /** A child was deleted: remember it and clear it from every expense (the money stays). Returns how many changed. */
  async detach(beneficiaryId: string): Promise<number> {
    const now = this.clock.now();
    await this.links.lockChild(beneficiaryId);
    await this.links.markDeleted(beneficiaryId, now);
    return this.links.clearFromExpenses(beneficiaryId, now);
  }
}

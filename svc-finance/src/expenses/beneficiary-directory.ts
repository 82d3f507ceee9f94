import { FINANCE_ERRORS, INTERNAL, isBeneficiaryId } from '@kcf/contracts';
import { AppError, InternalCallRefused, InternalClient } from '@kcf/server-kit';

/**
 * What an expense may do with a child: `missing` (no such child), `closed` (its registration consent is
 * withdrawn: it can only be exported or erased, so nothing new may name it) or `open`.
 */
export type BeneficiaryStanding = 'missing' | 'closed' | 'open';

/** A child's standing, asked of svc-beneficiaries (the only owner of those facts). */
export interface BeneficiaryDirectory {
  standing(beneficiaryId: string): Promise<BeneficiaryStanding>;
}
export const BENEFICIARY_DIRECTORY = Symbol('BeneficiaryDirectory');

/**
 * `INTERNAL.beneficiaryExists` with this service's signed system context. Its answer says; a 404 means no such
 * child; anything else (no answer, another status, an answer of another shape) is an outage: 502, never a guess.
 */
export class HttpBeneficiaryDirectory implements BeneficiaryDirectory {
  constructor(private readonly client: InternalClient) {}

  async standing(beneficiaryId: string): Promise<BeneficiaryStanding> {
    if (!isBeneficiaryId(beneficiaryId)) return 'missing';
    try {
      const answer = await this.client.call(INTERNAL.beneficiaryExists, { id: beneficiaryId }, { timeoutMs: 5000 });
      if (!answer.exists) return 'missing';
      return answer.registrationWithdrawn ? 'closed' : 'open';
    } catch (error) {
      if (error instanceof InternalCallRefused && error.status === 404) return 'missing';
      throw AppError.of(FINANCE_ERRORS.beneficiariesUnavailable);
    }
  }
}

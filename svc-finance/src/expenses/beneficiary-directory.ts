import { FINANCE_ERRORS, INTERNAL, isBeneficiaryId } from '@kcf/contracts';
import { AppError, InternalCallRefused, InternalClient } from '@kcf/server-kit';

/** Whether a child exists, asked of svc-beneficiaries (the only owner of that fact). */
export interface BeneficiaryDirectory {
  exists(beneficiaryId: string): Promise<boolean>;
}
export const BENEFICIARY_DIRECTORY = Symbol('BeneficiaryDirectory');

/**
 * `INTERNAL.beneficiaryExists` with this service's signed system context. Its answer says; a 404 means no such
 * child; anything else (no answer, another status, an answer of another shape) is an outage: 502, never a guess.
 */
export class HttpBeneficiaryDirectory implements BeneficiaryDirectory {
  constructor(private readonly client: InternalClient) {}

  async exists(beneficiaryId: string): Promise<boolean> {
    if (!isBeneficiaryId(beneficiaryId)) return false;
    try {
      return (await this.client.call(INTERNAL.beneficiaryExists, { id: beneficiaryId }, { timeoutMs: 5000 })).exists;
    } catch (error) {
      if (error instanceof InternalCallRefused && error.status === 404) return false;
      throw AppError.of(FINANCE_ERRORS.beneficiariesUnavailable);
    }
  }
}

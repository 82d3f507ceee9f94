import { IDENTITY_ERRORS, INTERNAL, isBeneficiaryId } from '@kcf/contracts';
import { AppError, InternalCallRefused, InternalClient } from '@kcf/server-kit';

/** Whether the child a beneficiary user is linked to exists, asked of svc-beneficiaries (the only owner of that fact). */
export interface LinkedChildCheck {
  /** Throws `beneficiaryNotFound` (400 on the field) for no such child, `beneficiariesUnavailable` (503) when nobody can say. */
  assertExists(beneficiaryId: string): Promise<void>;
}
export const LINKED_CHILD_CHECK = Symbol('LinkedChildCheck');

/**
 * `INTERNAL.beneficiaryExists` with this service's signed system context. Its answer says; a 404 means no such
 * child; anything else (no answer, another status, an answer of another shape) is an outage: 503, never a
 * silent accept.
 */
export class HttpLinkedChildCheck implements LinkedChildCheck {
  constructor(private readonly client: InternalClient) {}

  async assertExists(beneficiaryId: string): Promise<void> {
    if (!isBeneficiaryId(beneficiaryId)) throw AppError.of(IDENTITY_ERRORS.beneficiaryNotFound);
    let exists: boolean;
    try {
      exists = (await this.client.call(INTERNAL.beneficiaryExists, { id: beneficiaryId }, { timeoutMs: 5000 })).exists;
    } catch (error) {
      if (error instanceof InternalCallRefused && error.status === 404) exists = false;
      else throw AppError.of(IDENTITY_ERRORS.beneficiariesUnavailable);
    }
    if (!exists) throw AppError.of(IDENTITY_ERRORS.beneficiaryNotFound);
  }
}

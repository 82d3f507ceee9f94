import { BENEFICIARIES_ERRORS, isBeneficiaryId, type ErrorEntry } from '@kcf/contracts';
import { AppError, type UserContext } from '@kcf/server-kit';

/** No child has this id: what a beneficiary user without a linked child is limited to. */
const NO_CHILD = 'KCF-NONE';

/**
 * The one child a beneficiary user may see (its linked child), or null for staff, who see every child.
 * Everything a beneficiary user reads is narrowed to this id; anything else answers 404.
 */
export function ownChildOf(user: UserContext): string | null {
  if (user.role !== 'beneficiary') return null;
  return user.beneficiaryId ?? NO_CHILD;
}

/** 404 (`notFound`, as if it did not exist) when the user may not see this child. */
export function assertMaySee(
  user: UserContext,
  beneficiaryId: string,
  notFound: ErrorEntry = BENEFICIARIES_ERRORS.beneficiaryNotFound,
): void {
  const own = ownChildOf(user);
  if (own !== null && own !== beneficiaryId) throw AppError.of(notFound);
}

/** A beneficiary id from the path; anything not shaped like one names nothing (404, not 400). */
export function beneficiaryIdParam(value: string): string {
  if (!isBeneficiaryId(value)) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A record id (uuid) from the path; anything else names nothing (`notFound`). */
export function recordIdParam(value: string, notFound: ErrorEntry): string {
  if (!UUID.test(value)) throw AppError.of(notFound);
  return value;
}

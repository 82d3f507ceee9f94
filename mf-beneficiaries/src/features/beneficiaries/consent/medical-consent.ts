import { consentOf, effectiveState } from './consent-view';
import { useConsents } from './consent-api';

/** Why the forms leave health details out (the server refuses them with 409 while medical consent is withdrawn). */
export const MEDICAL_WITHDRAWN_NOTE =
  'Medical consent has been withdrawn for this child, so health details cannot be added.';

/**
 * Whether the child's medical consent is withdrawn: then a special need of category health and a document of
 * type medical are not offered. Reads the profile's consents (one request for the page, shared by its cards);
 * until they are read, nothing is hidden and the server still decides.
 */
export function useMedicalWithdrawn(beneficiaryId: string): boolean {
  const consents = useConsents(beneficiaryId);
  return consents.isSuccess && effectiveState(consentOf(consents.data, 'medical')) === 'withdrawn';
}

import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kcf/web-kit';
import type { ConsentPurpose, ConsentRecord } from '@kcf/contracts';
import { BENEFICIARIES_PATH, beneficiaryKeys, refreshAfterBeneficiaryChange } from '../api';
import type { ConsentRequest } from './consent-fields';

/** GET /api/beneficiaries/{id}/consents: one record per purpose. Its key sits under the child's. */
export const consentKey = (beneficiaryId: string) => beneficiaryKeys.part(beneficiaryId, 'consents');

export function useConsents(beneficiaryId: string) {
  return useQuery<ConsentRecord[]>({ queryKey: consentKey(beneficiaryId) });
}

/** PUT /api/beneficiaries/{id}/consents/{purpose}: records a grant, a renewal or a withdrawal. */
export function recordConsent(
  beneficiaryId: string,
  purpose: ConsentPurpose,
  body: ConsentRequest,
): Promise<ConsentRecord> {
  return apiRequest<ConsentRecord>(
    'PUT',
    `${BENEFICIARIES_PATH}/${encodeURIComponent(beneficiaryId)}/consents/${encodeURIComponent(purpose)}`,
    body,
  );
}

/**
 * After a consent changed: the child (its photo may have gone), the card, the history, the list's
 * thumbnails, the gifts and the dashboard's consent counts: every read of a child.
 */
export function refreshAfterConsentChange(client: QueryClient): Promise<void> {
  return refreshAfterBeneficiaryChange(client);
}

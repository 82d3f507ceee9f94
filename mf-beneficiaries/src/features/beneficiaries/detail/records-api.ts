import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { BeneficiaryDocument, HouseholdMember, SchoolFee, SchoolPerformance, SpecialNeed } from '@kcf/contracts';
import { apiRequest, refreshDashboard } from '@kcf/web-kit';
import { BENEFICIARIES_PATH, beneficiaryKeys } from '../api';

/** What hangs off a child, each read from GET /api/beneficiaries/{id}/{part}. */
export interface Parts {
  'household-members': HouseholdMember;
  'school-performance': SchoolPerformance;
  'school-fees': SchoolFee;
  'special-needs': SpecialNeed;
  documents: BeneficiaryDocument;
}
export type PartName = keyof Parts;

export function usePart<P extends PartName>(beneficiaryId: string, part: P) {
  return useQuery<Parts[P][]>({ queryKey: beneficiaryKeys.part(beneficiaryId, part) });
}

const childPath = (beneficiaryId: string, part: PartName) =>
  `${BENEFICIARIES_PATH}/${encodeURIComponent(beneficiaryId)}/${part}`;

/** Household members, performance and fees: created under the child, changed and removed by their own id. */
export type NestedPart = 'household-members' | 'school-performance' | 'school-fees';

export const nestedRecords = {
  create: (beneficiaryId: string, part: NestedPart, body: unknown) =>
    apiRequest('POST', childPath(beneficiaryId, part), body),
  update: (beneficiaryId: string, part: NestedPart, recordId: string, body: unknown) =>
    apiRequest('PUT', `${childPath(beneficiaryId, part)}/${encodeURIComponent(recordId)}`, body),
  remove: (beneficiaryId: string, part: NestedPart, recordId: string) =>
    apiRequest('DELETE', `${childPath(beneficiaryId, part)}/${encodeURIComponent(recordId)}`),
};

export const specialNeedRecords = {
  create: (beneficiaryId: string, body: unknown) => apiRequest('POST', childPath(beneficiaryId, 'special-needs'), body),
  update: (id: string, body: unknown) => apiRequest('PUT', `/api/special-needs/${encodeURIComponent(id)}`, body),
  remove: (id: string) => apiRequest('DELETE', `/api/special-needs/${encodeURIComponent(id)}`),
};

export const documentRecords = {
  upload: (beneficiaryId: string, file: File, documentType: string, description: string) => {
    const form = new FormData();
    form.append('document', file);
    form.append('documentType', documentType);
    if (description.trim()) form.append('description', description.trim());
    return apiRequest('POST', childPath(beneficiaryId, 'documents'), form);
  },
  remove: (id: string) => apiRequest('DELETE', `/api/documents/${encodeURIComponent(id)}`),
};

/**
 * Re-reads one part of a child (and the child itself: its special-needs flag may follow, and with it the
 * dashboard's Special Needs Records count), and its History card, which shows the change.
 */
export async function refreshPart(client: QueryClient, beneficiaryId: string, part: PartName): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: beneficiaryKeys.part(beneficiaryId, part) }),
    client.invalidateQueries({ queryKey: beneficiaryKeys.history(beneficiaryId) }),
    client.invalidateQueries({ queryKey: beneficiaryKeys.one(beneficiaryId), exact: true }),
    part === 'special-needs' ? client.invalidateQueries({ queryKey: [BENEFICIARIES_PATH, 'pages'] }) : undefined,
    part === 'special-needs' ? refreshDashboard(client) : undefined,
  ]);
}

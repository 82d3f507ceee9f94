import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { toIsoDate, type AuditPage, type AuditVerifyResult, type Beneficiary } from '@kcf/contracts';
import { apiBlob, apiRequest, BENEFICIARIES_PATH, downloadBlob, now, urlFromQueryKey } from '@kcf/web-kit';
import type { AuditFilters } from './audit-filters';

export const AUDIT_PATH = '/api/audit';
/** Entries a page ('Load more' asks for the next, from the last page's cursor). */
export const AUDIT_PAGE_SIZE = 50;

/** The trail, newest first, a page at a time (keyset: each page names the cursor of the next). */
export function useAuditPages(params: Partial<AuditFilters> | null) {
  return useInfiniteQuery({
    queryKey: [AUDIT_PATH, 'pages', params],
    enabled: params !== null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditPage>(
        'GET',
        urlFromQueryKey([AUDIT_PATH, { ...params, limit: AUDIT_PAGE_SIZE, cursor: pageParam ?? undefined }]),
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/**
 * The child the Child filter names when it came with the address alone (a link, Back): its name and thumbnail,
 * found by a search for its id (a list read, so the reviewer's look-up is not a view of that child in its own
 * history). Not asked while `known` (the picker just gave them) or without an id; undefined when not found.
 */
export function useFilteredChild(beneficiaryId: string, known: boolean) {
  return useQuery<Beneficiary[], Error, Beneficiary | undefined>({
    queryKey: [BENEFICIARIES_PATH, { search: beneficiaryId, limit: 1 }],
    enabled: beneficiaryId !== '' && !known,
    select: (found) => found.find((child) => child.id === beneficiaryId),
  });
}

/** Recomputes every domain's hash chain on the server. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: () => apiRequest<AuditVerifyResult>('GET', `${AUDIT_PATH}/verify`) });
}

/** `Audit_Log_2026_11_24.csv` (the day on the foundation's clock). */
export function auditExportFileName(now: Date): string {
  return `Audit_Log_${toIsoDate(now).replace(/-/g, '_')}.csv`;
}

/** Downloads the server's CSV of every entry matching the filters (not only the loaded pages). */
export async function downloadAuditCsv(params: Partial<AuditFilters>): Promise<void> {
  const blob = await apiBlob(urlFromQueryKey([`${AUDIT_PATH}/export`, params]));
  downloadBlob(blob, auditExportFileName(now()));
}

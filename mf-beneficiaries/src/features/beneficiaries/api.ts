import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Beneficiary, BeneficiarySortField } from '@kcf/contracts';
import {
  apiRequest,
  BENEFICIARIES_PATH,
  childKey,
  childPartKey,
  fetchPage,
  nextPageOffset,
  refreshDashboard,
} from '@kcf/web-kit';
export { BENEFICIARIES_PATH, photoSrc, thumbnailSrc } from '@kcf/web-kit';
/** Rows per page of the list (one call per page; 'Load more' asks for the next). */
export const LIST_PAGE_SIZE = 25;

export type SortDir = 'asc' | 'desc';

export interface ListFilters {
  search: string;
  /** '' = every county. */
  county: string;
  /** '' | 'active' | 'inactive' */
  schoolStatus: string;
  /** '' | 'yes' | 'no' */
  specialNeeds: string;
  /** '' | a consent the children lack (CONSENT_LIST_FILTERS): the dashboard's Consent card links here with it. */
  consent: string;
}

export interface ListSort {
  sort: BeneficiarySortField | null;
  dir: SortDir;
}

/** The list call's query string: filters and sort; 'all' and empty values are left out. */
export function listParams(filters: ListFilters, sort: ListSort) {
  return {
    search: filters.search.trim() || undefined,
    county: filters.county || undefined,
    schoolStatus: filters.schoolStatus || undefined,
    specialNeeds: filters.specialNeeds || undefined,
    consent: filters.consent || undefined,
    sort: sort.sort ?? undefined,
    dir: sort.sort ? sort.dir : undefined,
  };
}

export const beneficiaryKeys = {
  /** Every beneficiary read (list pages, one child, what hangs off a child): invalidated after a change. */
  all: [BENEFICIARIES_PATH] as const,
  pages: (params: Partial<ReturnType<typeof listParams>>) => [BENEFICIARIES_PATH, 'pages', params] as const,
  one: childKey,
  part: childPartKey,
  /** The child's History card (the audit trail's entries about it): read again with the child. */
  history: (id: string) => childPartKey(id, 'history'),
};

/**
 * The list, a page at a time, filtered and sorted by the server; the first page asks for `firstPageLimit` rows (as
 * many as were shown when the address was made). Nothing is asked while `state` is null (its filters are being checked).
 */
export function useBeneficiaryPages(
  state: { filters: ListFilters; sort: ListSort } | null,
  firstPageLimit = LIST_PAGE_SIZE,
) {
  const params = state && listParams(state.filters, state.sort);
  return useInfiniteQuery({
    queryKey: beneficiaryKeys.pages(params ?? {}),
    queryFn: ({ pageParam, signal }) =>
      fetchPage<Beneficiary>(
        BENEFICIARIES_PATH,
        { ...params, limit: pageParam === 0 ? firstPageLimit : LIST_PAGE_SIZE, offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    placeholderData: keepPreviousData,
    enabled: params !== null,
  });
}

export function useBeneficiary(id: string) {
  return useQuery<Beneficiary>({ queryKey: beneficiaryKeys.one(id) });
}

/** After a child changed: every beneficiary read, the gifts (they show the child) and the dashboard. */
export async function refreshAfterBeneficiaryChange(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: beneficiaryKeys.all }),
    client.invalidateQueries({ queryKey: ['/api/gifts'] }),
    refreshDashboard(client),
  ]);
}

export function saveBeneficiary(id: string | null, form: FormData): Promise<Beneficiary> {
  return id
    ? apiRequest<Beneficiary>('PUT', `${BENEFICIARIES_PATH}/${encodeURIComponent(id)}`, form)
    : apiRequest<Beneficiary>('POST', BENEFICIARIES_PATH, form);
}

export function deleteBeneficiary(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${BENEFICIARIES_PATH}/${encodeURIComponent(id)}`);
}

export function uploadPhoto(id: string, file: File): Promise<unknown> {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest('POST', `${BENEFICIARIES_PATH}/${encodeURIComponent(id)}/photo`, form);
}

export function deletePhoto(id: string): Promise<unknown> {
  return apiRequest('DELETE', `${BENEFICIARIES_PATH}/${encodeURIComponent(id)}/photo`);
}

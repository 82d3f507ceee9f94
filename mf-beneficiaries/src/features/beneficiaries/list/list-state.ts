import { BENEFICIARY_SORT_FIELDS, CONSENT_LIST_FILTERS, COUNTIES, type BeneficiarySortField } from '@kcf/contracts';
import type { ListFilters, ListSort } from '../api';

const STATUS = ['active', 'inactive'];
const YES_NO = ['yes', 'no'];

const oneOf = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : '');

/** The list's filters and sort, kept in the address so Back and a shared link give the same list. */
export function stateFromSearch(search: URLSearchParams): { filters: ListFilters; sort: ListSort } {
  const sort = oneOf(search.get('sort'), BENEFICIARY_SORT_FIELDS) as BeneficiarySortField | '';
  return {
    filters: {
      search: search.get('search') ?? '',
      county: oneOf(search.get('county'), COUNTIES),
      schoolStatus: oneOf(search.get('schoolStatus'), STATUS),
      specialNeeds: oneOf(search.get('specialNeeds'), YES_NO),
      consent: oneOf(search.get('consent'), CONSENT_LIST_FILTERS),
    },
    sort: { sort: sort || null, dir: search.get('dir') === 'desc' ? 'desc' : 'asc' },
  };
}

export function searchFromState(filters: ListFilters, sort: ListSort): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.search) out.set('search', filters.search);
  if (filters.county) out.set('county', filters.county);
  if (filters.schoolStatus) out.set('schoolStatus', filters.schoolStatus);
  if (filters.specialNeeds) out.set('specialNeeds', filters.specialNeeds);
  if (filters.consent) out.set('consent', filters.consent);
  if (sort.sort) {
    out.set('sort', sort.sort);
    out.set('dir', sort.dir);
  }
  return out;
}

/** Clicking the column already sorted on flips the direction; another column starts ascending. */
export function toggleSort(current: ListSort, field: BeneficiarySortField): ListSort {
  if (current.sort === field) return { sort: field, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: field, dir: 'asc' };
}

export const EMPTY_LIST_TEXT = 'No beneficiaries found. Start by adding your first beneficiary.';
export const NO_MATCHES_TEXT = 'No beneficiaries match these filters.';

/** Whether any filter narrows the list (the sort does not). */
export function hasFilters(filters: ListFilters): boolean {
  return Boolean(filters.search.trim() || filters.county || filters.schoolStatus || filters.specialNeeds || filters.consent);
}

/** 'No beneficiaries found' when there is no child at all; another when the filters find none of them. */
export function emptyListText(filters: ListFilters): string {
  return hasFilters(filters) ? NO_MATCHES_TEXT : EMPTY_LIST_TEXT;
}

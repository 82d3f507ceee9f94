import { BENEFICIARY_SORT_FIELDS, CONSENT_LIST_FILTERS, COUNTIES, type BeneficiarySortField } from '@kcf/contracts';
import type { ListFilters, ListSort } from '../api';

const STATUS = ['active', 'inactive'];
const YES_NO = ['yes', 'no'];

const oneOf = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : '');

/** The list's filters and sort, kept in the address (web-kit's `useListParams`), named as `GET /api/beneficiaries` names them. */
export const BENEFICIARY_LIST_KEYS = [
  'search',
  'county',
  'schoolStatus',
  'specialNeeds',
  'consent',
  'sort',
  'dir',
] as const;
export type BeneficiaryListValues = Partial<Record<(typeof BENEFICIARY_LIST_KEYS)[number], string>>;

/** The filters and sort the address holds, a value the screen does not offer read as none. */
export function stateOf(values: BeneficiaryListValues): { filters: ListFilters; sort: ListSort } {
  const sort = oneOf(values.sort ?? null, BENEFICIARY_SORT_FIELDS) as BeneficiarySortField | '';
  return {
    filters: {
      search: values.search ?? '',
      county: oneOf(values.county ?? null, COUNTIES),
      schoolStatus: oneOf(values.schoolStatus ?? null, STATUS),
      specialNeeds: oneOf(values.specialNeeds ?? null, YES_NO),
      consent: oneOf(values.consent ?? null, CONSENT_LIST_FILTERS),
    },
    sort: { sort: sort || null, dir: values.dir === 'desc' ? 'desc' : 'asc' },
  };
}

/** The address's values of filters and a sort: only what is set (the direction with its column), so a link stays short. */
export function valuesOf(filters: ListFilters, sort: ListSort): Record<(typeof BENEFICIARY_LIST_KEYS)[number], string> {
  return { ...filters, sort: sort.sort ?? '', dir: sort.sort ? sort.dir : '' };
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
  return Boolean(
    filters.search.trim() || filters.county || filters.schoolStatus || filters.specialNeeds || filters.consent,
  );
}

/** 'No beneficiaries found' when there is no child at all; another when the filters find none of them. */
export function emptyListText(filters: ListFilters): string {
  return hasFilters(filters) ? NO_MATCHES_TEXT : EMPTY_LIST_TEXT;
}

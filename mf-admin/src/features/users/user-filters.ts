import { ROLES, USER_STATUSES, type Role, type UserStatus } from '@kcf/contracts';

/** User Management's filters as the screen holds them: '' is "all". */
export interface UserFilters {
  search: string;
  role: Role | '';
  status: UserStatus | '';
}

export const NO_FILTERS: UserFilters = { search: '', role: '', status: '' };

/** The filters kept in the address (web-kit's `useListParams`), named as `GET /api/users` names them. */
export const USER_LIST_KEYS = ['search', 'role', 'status'] as const;

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';

/** The filters the address holds (a role or status it does not know is none). */
export function filtersOf(values: Partial<Record<keyof UserFilters, string>>): UserFilters {
  return { search: values.search ?? '', role: oneOf(values.role, ROLES), status: oneOf(values.status, USER_STATUSES) };
}

/** Whether any filter narrows the list. */
export function isFiltered(filters: UserFilters): boolean {
  return filters.search.trim() !== '' || filters.role !== '' || filters.status !== '';
}

/** The query string of `GET /api/users` (the contract's UserListQuery): only the filters that are set. */
export function filterParams(filters: UserFilters): Partial<Record<'search' | 'role' | 'status', string>> {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

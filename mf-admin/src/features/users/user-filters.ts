import type { Role, UserStatus } from '@kcf/contracts';

/** User Management's filters as the screen holds them: '' is "all". */
export interface UserFilters {
  search: string;
  role: Role | '';
  status: UserStatus | '';
}

export const NO_FILTERS: UserFilters = { search: '', role: '', status: '' };

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

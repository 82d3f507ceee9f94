import type { DashboardStats, TransactionSortField, TransactionType } from '@kcf/contracts';
import type { PageParams } from '@kcf/web-kit';
import { monthRange } from './monthly-report';

/** The Finances list's filters: a date range (inclusive, '' for open), a search and the type buttons. */
export interface TransactionFilters {
  from: string;
  to: string;
  search: string;
  type: TransactionType | 'all';
}

export interface TransactionSort {
  sort: TransactionSortField;
  dir: 'asc' | 'desc';
}

export const DEFAULT_SORT: TransactionSort = { sort: 'date', dir: 'desc' };

/** The list's parameters kept in the address (web-kit's `useListParams`), named as `GET /api/transactions` names them. */
export const TRANSACTION_LIST_KEYS = ['type', 'from', 'to', 'search', 'sort', 'dir'] as const;
export type TransactionListKey = (typeof TRANSACTION_LIST_KEYS)[number];
export type TransactionListValues = Partial<Record<TransactionListKey, string>>;

/** What the page opens with when the address says nothing: this month, every type, no search, newest first. */
export function initialValues(now: Date): TransactionListValues {
  return monthRange(now);
}

/** The filters the address holds ('' for none; every type unless it names one). */
export function filtersOf(values: TransactionListValues): TransactionFilters {
  const type = values.type === 'income' || values.type === 'expense' ? values.type : 'all';
  return { from: values.from ?? '', to: values.to ?? '', search: values.search ?? '', type };
}

/** The order the address holds: by date unless it names amount, largest and newest first unless it says `asc`. */
export function sortOf(values: TransactionListValues): TransactionSort {
  return { sort: values.sort === 'amount' ? 'amount' : 'date', dir: values.dir === 'asc' ? 'asc' : 'desc' };
}

/** The address's values of filters and an order (the default order, and every type, left out). */
export function valuesOf(filters: TransactionFilters, sort: TransactionSort): Record<TransactionListKey, string> {
  const ordered = sort.sort !== DEFAULT_SORT.sort || sort.dir !== DEFAULT_SORT.dir;
  return {
    type: filters.type === 'all' ? '' : filters.type,
    from: filters.from,
    to: filters.to,
    search: filters.search,
    sort: ordered ? sort.sort : '',
    dir: ordered ? sort.dir : '',
  };
}

/** What Clear filters leaves: every date, every type, no search. */
export const NO_FILTERS: TransactionFilters = { from: '', to: '', search: '', type: 'all' };

export function filtersActive(filters: TransactionFilters): boolean {
  return filters.from !== '' || filters.to !== '' || filters.search.trim() !== '' || filters.type !== 'all';
}

/** The list call's parameters (`GET /api/transactions`, empty ones left out), before the page's limit and offset. */
export function listParams(filters: TransactionFilters, sort: TransactionSort): Omit<PageParams, 'limit'> {
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    search: filters.search.trim() || undefined,
    type: filters.type === 'all' ? undefined : filters.type,
    sort: sort.sort,
    dir: sort.dir,
  };
}

/** Clicking the column already sorted on flips the direction; another column starts with the largest, newest first. */
export function toggleSort(current: TransactionSort, field: TransactionSortField): TransactionSort {
  if (current.sort === field) return { sort: field, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: field, dir: 'desc' };
}

export const EMPTY_LIST_TEXT = 'No transactions found. Start by adding your first transaction.';
export const NO_MATCH_TEXT = 'No transactions match these filters.';

/**
 * An empty list's text: the product's own when there are no transactions at all (no filter, or the totals say none was
 * ever recorded: every amount is above zero), else that the filters found nothing (with Clear filters).
 */
export function emptyListText(
  filters: TransactionFilters,
  stats: Pick<DashboardStats, 'totalDonations' | 'totalExpenses'> | undefined,
): { text: string; clearable: boolean } {
  const noneRecorded = stats !== undefined && Number(stats.totalDonations) === 0 && Number(stats.totalExpenses) === 0;
  return !filtersActive(filters) || noneRecorded
    ? { text: EMPTY_LIST_TEXT, clearable: false }
    : { text: NO_MATCH_TEXT, clearable: true };
}

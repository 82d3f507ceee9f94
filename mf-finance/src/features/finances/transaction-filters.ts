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

/** What the page opens with: this month, every type, no search. */
export function defaultFilters(now: Date): TransactionFilters {
  return { ...monthRange(now), search: '', type: 'all' };
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
export function emptyListText(filters: TransactionFilters, stats: Pick<DashboardStats, 'totalDonations' | 'totalExpenses'> | undefined): { text: string; clearable: boolean } {
  const noneRecorded = stats !== undefined && Number(stats.totalDonations) === 0 && Number(stats.totalExpenses) === 0;
  return !filtersActive(filters) || noneRecorded ? { text: EMPTY_LIST_TEXT, clearable: false } : { text: NO_MATCH_TEXT, clearable: true };
}

import { fetchPage, type PageParams } from '@kcf/web-kit';

/** Query keys: the first segment is the path the default query function GETs. */
export const INCOME_PATH = '/api/income';
export const EXPENSES_PATH = '/api/expenses';
export const TRANSACTIONS_PATH = '/api/transactions';
export const BUDGETS_PATH = '/api/budgets';
export const STATS_PATH = '/api/dashboard/stats';

/** The largest page the lists accept. */
export const MAX_PAGE = 500;

/** Every record of a list that matches `params` (e.g. one month's dates), page by page. */
export async function fetchAll<T>(path: string, params: Omit<PageParams, 'limit' | 'offset'>): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += MAX_PAGE) {
    const { items, total } = await fetchPage<T>(path, { ...params, limit: MAX_PAGE, offset });
    all.push(...items);
    if (items.length < MAX_PAGE || all.length >= total) return all;
  }
}

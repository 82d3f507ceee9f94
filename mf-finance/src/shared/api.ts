import { throwIfNotOk } from '@kcf/web-kit';

/** Query keys: the first segment is the path the default query function GETs (spec §7). */
export const INCOME_PATH = '/api/income';
export const EXPENSES_PATH = '/api/expenses';
export const BUDGETS_PATH = '/api/budgets';
export const STATS_PATH = '/api/dashboard/stats';
export const BENEFICIARIES_PATH = '/api/beneficiaries';

export interface Page<T> {
  items: T[];
  /** All records on the server (`X-Total-Count`), whatever the page size. */
  total: number;
}

type Params = Record<string, string | number | undefined>;

function query(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/** One page of a list (newest first on the server) with the total the server counted. */
export async function fetchPage<T>(path: string, params: Params & { limit: number; offset?: number }, signal?: AbortSignal): Promise<Page<T>> {
  const res = await fetch(`${path}?${query(params)}`, { credentials: 'include', signal });
  await throwIfNotOk(res);
  const items = (await res.json()) as T[];
  const header = Number(res.headers.get('x-total-count'));
  const offset = params.offset ?? 0;
  return { items, total: Number.isFinite(header) && header > 0 ? header : offset + items.length };
}

/** The largest page the lists accept. */
export const MAX_PAGE = 500;

/** Every record of a list that matches `params` (e.g. one month's dates), page by page. */
export async function fetchAll<T>(path: string, params: Params): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += MAX_PAGE) {
    const { items, total } = await fetchPage<T>(path, { ...params, limit: MAX_PAGE, offset });
    all.push(...items);
    if (items.length < MAX_PAGE || all.length >= total) return all;
  }
}

import { throwIfNotOk } from './api-request';
import { readResponse } from './early-requests';
import { urlFromQueryKey } from './query-fn';

/** One page of a list and how many records match on the server (`X-Total-Count`), whatever the page size. */
export interface Page<T> {
  items: T[];
  total: number;
}

export type PageParams = Record<string, string | number | undefined> & { limit: number; offset?: number };

/** One page of a list call (`limit`/`offset`; empty params are left out), with its total. */
export async function fetchPage<T>(path: string, params: PageParams, signal?: AbortSignal): Promise<Page<T>> {
  const res = await readResponse(urlFromQueryKey([path, params]), { signal });
  await throwIfNotOk(res);
  const items = (await res.json()) as T[];
  const header = res.headers.get('x-total-count');
  const total =
    header !== null && Number.isFinite(Number(header)) ? Number(header) : (params.offset ?? 0) + items.length;
  return { items, total };
}

/** For `useInfiniteQuery`'s getNextPageParam: the next offset, or undefined once every record is loaded. */
export function nextPageOffset<T>(last: Page<T>, pages: ReadonlyArray<Page<T>>): number | undefined {
  const loaded = pages.reduce((n, page) => n + page.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

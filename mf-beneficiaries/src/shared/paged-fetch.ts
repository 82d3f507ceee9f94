import { throwIfNotOk, urlFromQueryKey } from '@kcf/web-kit';

export interface Page<T> {
  rows: T[];
  /** Every matching row on the server (X-Total-Count), not only this page. */
  total: number;
}

export type QueryParams = Record<string, string | number | undefined>;

/** The URL of a list call with its query string; empty values are left out. */
export function listUrl(path: string, params: QueryParams): string {
  return urlFromQueryKey([path, params]);
}

/** One page of a list call: the array it answers and the total from `X-Total-Count`. */
export async function fetchPage<T>(path: string, params: QueryParams, signal?: AbortSignal): Promise<Page<T>> {
  const res = await fetch(listUrl(path, params), { credentials: 'include', signal });
  await throwIfNotOk(res);
  const rows = (await res.json()) as T[];
  const header = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(header) && res.headers.has('x-total-count') ? header : rows.length;
  return { rows, total };
}

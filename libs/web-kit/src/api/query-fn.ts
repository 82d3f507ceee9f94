import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { apiRequest } from './api-request';

export type On401 = 'throw' | 'returnNull';

type QueryParams = Record<string, string | number | boolean | null | undefined>;

function isParams(segment: unknown): segment is QueryParams {
  return typeof segment === 'object' && segment !== null && !Array.isArray(segment);
}

/**
 * The URL a query key stands for: its segments joined with '/'. A trailing plain object
 * becomes the query string, leaving out empty values, e.g.
 * `['/api/beneficiaries', { search: 'ann', county: undefined }]` -> `/api/beneficiaries?search=ann`.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const last = queryKey[queryKey.length - 1];
  const params = queryKey.length > 1 && isParams(last) ? last : undefined;
  const segments = params ? queryKey.slice(0, -1) : queryKey;
  const path = segments.map(String).join('/');
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The default query function: a GET of the key's URL parsed as JSON. With `on401: 'returnNull'` a
 * 401 resolves to null instead of failing (used for the current user).
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: On401 }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiRequest<T>('GET', urlFromQueryKey(queryKey), undefined, { signal });
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

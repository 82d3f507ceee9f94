import type { QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { apiRequest } from './api-request';
import { urlFromQueryKey } from './query-url';

export { urlFromQueryKey };

export type On401 = 'throw' | 'returnNull';

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

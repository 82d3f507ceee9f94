import {
  QueryClient,
  onlineManager,
  type DefaultError,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { OFFLINE_READ_MESSAGE, OfflineError } from './offline-error';
import { getQueryFn } from './query-fn';
import { retryReadOnLostConnection } from './network-policy';

/**
 * The product's QueryClient. One difference from react-query's: an imperative read (`fetchQuery`, e.g.
 * the fresh balance read just before an expense is saved) that would need the network while the browser
 * is offline fails at once with an OfflineError instead of waiting for the connection — the screen that
 * asked then decides (use what it has, or say the save was not sent). The cached query is left untouched,
 * so nothing else on screen turns into an error.
 */
class ProductQueryClient extends QueryClient {
  override fetchQuery<
    TQueryFnData,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>): Promise<TData> {
    if (!onlineManager.isOnline()) {
      const defaulted = this.defaultQueryOptions(options);
      if ((defaulted.networkMode ?? 'online') !== 'always') {
        const query = this.getQueryCache().build(this, defaulted);
        const staleTime = typeof defaulted.staleTime === 'function' ? defaulted.staleTime(query) : defaulted.staleTime;
        if (query.isStaleByTime(staleTime)) return Promise.reject(new OfflineError(OFFLINE_READ_MESSAGE));
      }
    }
    return super.fetchQuery(options);
  }
}

/**
 * The one QueryClient: data never goes stale by itself, no refetch on focus, no polling,
 * no retries; the default query function reads the key's URL.
 *
 * Offline and flaky networks (the exceptions, all about the connection, never about the server's answer):
 * - reads wait while the browser is offline (`networkMode: 'online'`): what is on screen stays, no error
 *   state; a read that lost its connection half-way waits too (`retryReadOnLostConnection`);
 * - when the connection returns, paused reads resume and the failed or never-loaded reads on screen are
 *   read again, nothing else;
 * - saves are never held back (`networkMode: 'always'`): offline, `apiRequest` refuses them at once with
 *   "You are offline. Your changes were not saved; ...", so a dialog keeps its values and says so.
 */
export function createQueryClient(): QueryClient {
  return new ProductQueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: retryReadOnLostConnection,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        // Only the reads on screen that are stale, and with data that never goes stale by itself those
        // are the ones that failed (react-query marks them invalidated), were never loaded, or were
        // invalidated by a save — plus the lists that opted into freshness (expenses). No request storm.
        refetchOnReconnect: true,
        refetchInterval: false,
        networkMode: 'online',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The expenses list is the one exception: always stale, read again whenever the window regains focus. */
export const expensesQueryOptions = { staleTime: 0, refetchOnWindowFocus: true } as const;

import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './query-fn';

/**
 * The one QueryClient (spec §9): data never goes stale by itself, no refetch on focus, no polling,
 * no retries; the default query function reads the key's URL.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The expenses list is the one exception (spec §7): fresh on every focus. */
export const expensesQueryOptions = { staleTime: 0, refetchOnWindowFocus: true } as const;

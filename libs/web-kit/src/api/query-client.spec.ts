import { retryReadOnLostConnection } from './network-policy';
import { createQueryClient, expensesQueryOptions } from './query-client';

describe('createQueryClient', () => {
  it('defaults to no retries of answers, never stale, no refetch on focus, no polling', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: retryReadOnLostConnection,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
      refetchInterval: false,
      networkMode: 'online',
    });
    expect(typeof defaults.queries?.queryFn).toBe('function');
    // Saves are never held back waiting for a connection: offline they fail at once.
    expect(defaults.mutations).toMatchObject({ retry: false, networkMode: 'always' });
  });

  it('lets the expenses list refetch on focus with stale time 0', () => {
    expect(expensesQueryOptions).toEqual({ staleTime: 0, refetchOnWindowFocus: true });
  });
});

import { createQueryClient, expensesQueryOptions } from './query-client';

describe('createQueryClient', () => {
  it('uses the spec §9 defaults: no retries, never stale, no refetch on focus, no polling', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(typeof defaults.queries?.queryFn).toBe('function');
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('lets the expenses list refetch on focus with stale time 0', () => {
    expect(expensesQueryOptions).toEqual({ staleTime: 0, refetchOnWindowFocus: true });
  });
});

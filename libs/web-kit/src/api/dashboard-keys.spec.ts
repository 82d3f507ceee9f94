import { createQueryClient } from './query-client';
import { DASHBOARD_QUERY_KEY, DASHBOARD_STATS_QUERY_KEY, refreshDashboard } from './dashboard-keys';

describe('refreshDashboard', () => {
  it('marks the dashboard and its stats stale, and nothing else', async () => {
    const client = createQueryClient();
    client.setQueryData(DASHBOARD_QUERY_KEY, { stats: null, budgets: null, recentBeneficiaries: null, errors: {} });
    client.setQueryData(DASHBOARD_STATS_QUERY_KEY, { netBalance: '0.00' });
    client.setQueryData(['/api/gifts'], []);
    await refreshDashboard(client);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(DASHBOARD_QUERY_KEY)).toBe(true);
    expect(stale(DASHBOARD_STATS_QUERY_KEY)).toBe(true);
    expect(stale(['/api/gifts'])).toBe(false);
  });
});

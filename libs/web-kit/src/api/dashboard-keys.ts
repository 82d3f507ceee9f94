import type { QueryClient } from '@tanstack/react-query';

/** GET /api/dashboard: everything the dashboard page shows, in the one read the gateway composes. */
export const DASHBOARD_QUERY_KEY = ['/api/dashboard'] as const;
/** GET /api/dashboard/stats: the totals the finance screens show and the balance the expense form checks. */
export const DASHBOARD_STATS_QUERY_KEY = ['/api/dashboard/stats'] as const;

/** The reads that show the dashboard's figures: both go stale after a save that changes them. */
export const DASHBOARD_QUERY_KEYS = [DASHBOARD_QUERY_KEY, DASHBOARD_STATS_QUERY_KEY] as const;

/**
 * After a save that changes what the dashboard shows (money, budgets, a child, a special-need record):
 * marks the dashboard's reads stale, so the ones on screen are read again and the others on their next
 * showing. Data never goes stale by itself here, so without this the dashboard would show the numbers
 * from before the save.
 */
export async function refreshDashboard(client: QueryClient): Promise<void> {
  await Promise.all(DASHBOARD_QUERY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

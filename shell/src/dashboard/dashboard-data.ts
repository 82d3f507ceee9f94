import { useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardPart } from '@kcf/contracts';
import { DASHBOARD_QUERY_KEY } from '@kcf/web-kit';

/** How many of the newest children the card lists (the contracts' DASHBOARD_RECENT_COUNT). */
export const RECENT_COUNT = 5;

export type RecentBeneficiary = NonNullable<Dashboard['recentBeneficiaries']>[number];
export type DashboardBudget = NonNullable<Dashboard['budgets']>[number];

/**
 * The whole dashboard in one read, GET /api/dashboard (composed by the gateway): one request on a slow,
 * paid-for connection. A save elsewhere that changes its figures marks it stale (web-kit's refreshDashboard).
 */
export const useDashboard = () => useQuery<Dashboard>({ queryKey: DASHBOARD_QUERY_KEY });

/** One card's share of the dashboard: its data once read, or why it could not be, and how to try again. */
export interface DashboardSlice<T> {
  data?: T;
  error?: { message: string };
  retry(): void;
}

/**
 * A part of the answer: undefined while loading; an error when the whole read failed, or when the gateway
 * could not read this part (it is null, and the answer's `errors` says why).
 */
export function slice<P extends DashboardPart>(
  query: ReturnType<typeof useDashboard>,
  part: P,
): DashboardSlice<NonNullable<Dashboard[P]>> {
  const retry = () => void query.refetch();
  if (query.error) return { error: query.error, retry };
  const answer = query.data;
  if (!answer) return { retry };
  const value = answer[part];
  if (value === null)
    return { error: { message: answer.errors[part] ?? 'A service this page needs is unavailable' }, retry };
  return { data: value as NonNullable<Dashboard[P]>, retry };
}

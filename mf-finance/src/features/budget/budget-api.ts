import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BudgetBody, BudgetInlineEditBody, BudgetItem } from '@kcf/contracts';
import { apiRequest, refreshDashboard } from '@kcf/web-kit';
import { BUDGETS_PATH } from '../../shared/api';

/** The budget items of one year (`GET /api/budgets?year=`); the screens pick the term on the client. */
export function useBudgets(year: number) {
  return useQuery<BudgetItem[]>({ queryKey: [BUDGETS_PATH, { year }] });
}

export function useRefreshBudgets() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: [BUDGETS_PATH] }), refreshDashboard(client)]);
}

const itemUrl = (id: string) => `${BUDGETS_PATH}/${encodeURIComponent(id)}`;

export function createBudget(body: BudgetBody): Promise<BudgetItem> {
  return apiRequest<BudgetItem>('POST', BUDGETS_PATH, body);
}

export function updateBudget(id: string, body: BudgetBody | BudgetInlineEditBody): Promise<BudgetItem> {
  return apiRequest<BudgetItem>('PUT', itemUrl(id), body);
}

export function deleteBudget(id: string): Promise<void> {
  return apiRequest<void>('DELETE', itemUrl(id));
}

/** Recomputes every used amount from the expenses themselves. */
export function recalculateBudgets(): Promise<unknown> {
  return apiRequest('POST', `${BUDGETS_PATH}/recalculate`);
}

import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DashboardStats, Expense, ExpenseBody, Income, IncomeBody } from '@kcf/contracts';
import { apiRequest, expensesQueryOptions, fetchPage, refreshDashboard } from '@kcf/web-kit';
import { BUDGETS_PATH, EXPENSES_PATH, INCOME_PATH, STATS_PATH } from '../../shared/api';

/** The dashboard's figures: the cards' totals and the balance the expense check reads. */
export function useStats() {
  return useQuery<DashboardStats>({ queryKey: [STATS_PATH] });
}

/** The freshest balance, asked of the server just before an expense is saved. */
export async function freshStats(client: QueryClient): Promise<DashboardStats | undefined> {
  try {
    return await client.fetchQuery<DashboardStats>({ queryKey: [STATS_PATH], staleTime: 0 });
  } catch {
    return client.getQueryData<DashboardStats>([STATS_PATH]);
  }
}

export function useIncomePage(limit: number) {
  return useQuery({
    queryKey: [INCOME_PATH, { limit }],
    queryFn: ({ signal }) => fetchPage<Income>(INCOME_PATH, { limit }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The expenses list refetches whenever the window regains focus. */
export function useExpensesPage(limit: number) {
  return useQuery({
    queryKey: [EXPENSES_PATH, { limit }],
    queryFn: ({ signal }) => fetchPage<Expense>(EXPENSES_PATH, { limit }, signal),
    placeholderData: keepPreviousData,
    ...expensesQueryOptions,
  });
}

/** After a change: the lists, the budgets' used amounts and the dashboard's figures are read again. */
export function useRefreshFinance() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      ...[INCOME_PATH, EXPENSES_PATH, BUDGETS_PATH].map((path) => client.invalidateQueries({ queryKey: [path] })),
      refreshDashboard(client),
    ]);
}

function incomeForm(body: IncomeBody): FormData {
  const form = new FormData();
  form.append('amount', body.amount);
  form.append('source', body.source);
  form.append('date', body.date);
  form.append('remarks', body.remarks ?? '');
  return form;
}

export function saveIncome(body: IncomeBody, id?: string): Promise<Income> {
  return id
    ? apiRequest<Income>('PUT', `${INCOME_PATH}/${encodeURIComponent(id)}`, incomeForm(body))
    : apiRequest<Income>('POST', INCOME_PATH, incomeForm(body));
}

export function deleteIncome(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${INCOME_PATH}/${encodeURIComponent(id)}`);
}

function expenseForm(body: ExpenseBody, receipt: File | null): FormData {
  const form = new FormData();
  form.append('amount', body.amount);
  form.append('category', body.category);
  form.append('beneficiaryId', body.beneficiaryId ?? 'none');
  form.append('date', body.date);
  form.append('description', body.description);
  if (receipt) form.append('receipt', receipt);
  return form;
}

export function saveExpense(body: ExpenseBody, receipt: File | null, id?: string): Promise<Expense> {
  return id
    ? apiRequest<Expense>('PUT', `${EXPENSES_PATH}/${encodeURIComponent(id)}`, expenseForm(body, receipt))
    : apiRequest<Expense>('POST', EXPENSES_PATH, expenseForm(body, receipt));
}

export function deleteExpense(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${EXPENSES_PATH}/${encodeURIComponent(id)}`);
}

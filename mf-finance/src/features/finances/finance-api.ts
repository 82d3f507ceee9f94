import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Dashboard,
  DashboardStats,
  Expense,
  ExpenseBody,
  FinanceTransaction,
  Income,
  IncomeBody,
} from '@kcf/contracts';
import {
  apiRequest,
  DASHBOARD_QUERY_KEY,
  expensesQueryOptions,
  fetchPage,
  nextPageOffset,
  refreshDashboard,
  type PageParams,
} from '@kcf/web-kit';
import { BUDGETS_PATH, EXPENSES_PATH, INCOME_PATH, STATS_PATH, TRANSACTIONS_PATH } from '../../shared/api';

/**
 * The dashboard's figures: the cards' totals and the balance the expense check reads. While they are read,
 * the same figures from the dashboard's answer (if it is in the cache: the page was opened from the
 * dashboard) are shown, so the cards draw with the page instead of a round trip later. A save's balance
 * check never uses them (`freshStats`).
 */
export function useStats() {
  const client = useQueryClient();
  return useQuery<DashboardStats>({
    queryKey: [STATS_PATH],
    placeholderData: () => client.getQueryData<Dashboard>(DASHBOARD_QUERY_KEY)?.stats ?? undefined,
  });
}

/** The freshest balance, asked of the server just before an expense is saved. */
export async function freshStats(client: QueryClient): Promise<DashboardStats | undefined> {
  try {
    return await client.fetchQuery<DashboardStats>({ queryKey: [STATS_PATH], staleTime: 0 });
  } catch {
    return client.getQueryData<DashboardStats>([STATS_PATH]);
  }
}

/** Rows per page of the transactions list, as the children's list: a phone's few screens, the rest with Load more. */
export const TRANSACTIONS_PAGE_SIZE = 25;

/**
 * Recent Transactions, a page at a time (`GET /api/transactions`: filtered, sorted and paged by the server); the first
 * page asks for `firstPageLimit` rows (as many as were shown when the address was made). None while `params` is
 * null (the address's filters are being checked). Like the expenses list, it refetches whenever the window regains focus.
 */
export function useTransactionPages(params: Omit<PageParams, 'limit'> | null, firstPageLimit = TRANSACTIONS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [TRANSACTIONS_PATH, params],
    queryFn: ({ pageParam, signal }) =>
      fetchPage<FinanceTransaction>(
        TRANSACTIONS_PATH,
        { ...params, limit: pageParam === 0 ? firstPageLimit : TRANSACTIONS_PAGE_SIZE, offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    placeholderData: keepPreviousData,
    enabled: params !== null,
    ...expensesQueryOptions,
  });
}

/** After a change: the lists, the budgets' used amounts and the dashboard's figures are read again. */
export function useRefreshFinance() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      ...[INCOME_PATH, EXPENSES_PATH, TRANSACTIONS_PATH, BUDGETS_PATH].map((path) =>
        client.invalidateQueries({ queryKey: [path] }),
      ),
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

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, ResetPasswordBody, UpdateUserBody, User } from '@kcf/contracts';
import { apiRequest } from '@kcf/web-kit';
import { filterParams, NO_FILTERS, type UserFilters } from './user-filters';

export const USERS_QUERY_KEY = ['/api/users'] as const;

/** The list's key: the whole list without filters, else the filters as the query string (`GET /api/users?role=…`). */
export function usersQueryKey(filters: UserFilters) {
  const params = filterParams(filters);
  return Object.keys(params).length === 0 ? USERS_QUERY_KEY : ([...USERS_QUERY_KEY, params] as const);
}

/** The users the server finds for the filters (everyone without); the previous answer stays on screen while a new one comes. */
export function useUsers(filters: UserFilters = NO_FILTERS) {
  return useQuery<User[]>({ queryKey: usersQueryKey(filters), placeholderData: keepPreviousData });
}

/** After any change the list is read again. */
function useUsersMutation<TVariables>(call: (variables: TVariables) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export const useCreateUser = () => useUsersMutation((body: CreateUserBody) => apiRequest<User>('POST', '/api/users', body));

export const useUpdateUser = () =>
  useUsersMutation(({ id, body }: { id: string; body: UpdateUserBody }) =>
    apiRequest<User>('PUT', `/api/users/${encodeURIComponent(id)}`, body),
  );

export const useDeleteUser = () =>
  useUsersMutation((id: string) => apiRequest('DELETE', `/api/users/${encodeURIComponent(id)}`));

export const useResetPassword = () =>
  useUsersMutation(({ id, body }: { id: string; body: ResetPasswordBody }) =>
    apiRequest('PUT', `/api/admin/reset-password/${encodeURIComponent(id)}`, body),
  );

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, ResetPasswordBody, UpdateUserBody, User } from '@kcf/contracts';
import { apiRequest } from '@kcf/web-kit';

export const USERS_QUERY_KEY = ['/api/users'] as const;

export function useUsers() {
  return useQuery<User[]>({ queryKey: USERS_QUERY_KEY });
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

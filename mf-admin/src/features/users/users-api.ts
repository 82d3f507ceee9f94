import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_LIMIT,
  type CreateUserBody,
  type ResetPasswordBody,
  type UpdateUserBody,
  type User,
} from '@kcf/contracts';
import { apiRequest, fetchPage, nextPageOffset } from '@kcf/web-kit';
import { filterParams, type UserFilters } from './user-filters';

export const USERS_PATH = '/api/users';
/** Every read of the users starts with it: a change invalidates them all. */
export const USERS_QUERY_KEY = [USERS_PATH] as const;
export const USER_PAGE_SIZE = 50;

/** The key of User Management's pages for the filters (`GET /api/users?role=…&limit=50&offset=…`). */
export function userPagesKey(filters: UserFilters) {
  return [USERS_PATH, 'pages', filterParams(filters)] as const;
}

/**
 * The users the server finds for the filters, a page at a time (the first asks for `firstPageLimit`: as many as were
 * shown when the address was made); the previous answer stays on screen while a new one comes.
 */
export function useUserPages(filters: UserFilters, firstPageLimit = USER_PAGE_SIZE) {
  const params = filterParams(filters);
  return useInfiniteQuery({
    queryKey: userPagesKey(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchPage<User>(
        USERS_PATH,
        { ...params, limit: pageParam === 0 ? firstPageLimit : USER_PAGE_SIZE, offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    placeholderData: keepPreviousData,
  });
}

/** Every account (up to the largest page), for naming people elsewhere (the audit log's filter). */
export const ALL_USERS_QUERY_KEY = [USERS_PATH, { limit: MAX_PAGE_LIMIT }] as const;

export function useAllUsers() {
  return useQuery<User[]>({ queryKey: ALL_USERS_QUERY_KEY });
}

/** After any change the list is read again. */
function useUsersMutation<TVariables>(call: (variables: TVariables) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export const useCreateUser = () =>
  useUsersMutation((body: CreateUserBody) => apiRequest<User>('POST', '/api/users', body));

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

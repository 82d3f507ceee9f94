import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@kcf/contracts';
import { getQueryFn } from '../api/query-fn';

/** The signed-in user as GET /api/auth/user answers it (the contracts' type; no runtime import). */
export type { CurrentUser };

export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

export interface CurrentUserState<TUser> {
  user: TUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * Who is signed in. A 401 means "signed out" (user null), never an error; the call is not retried.
 * Only the presence of a user decides whether the visitor is authenticated (spec §3).
 */
export function useCurrentUser<TUser = CurrentUser>(): CurrentUserState<TUser> {
  const { data, isLoading } = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getQueryFn<TUser>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

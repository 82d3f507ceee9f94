import { CURRENT_USER_URL } from '../api/early-requests';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@kcf/contracts';
import { retryReadOnLostConnection } from '../api/network-policy';
import { getQueryFn } from '../api/query-fn';

/** The signed-in user as GET /api/auth/user answers it (the contracts' type; no runtime import). */
export type { CurrentUser };

export const CURRENT_USER_QUERY_KEY = [CURRENT_USER_URL] as const;

export interface CurrentUserState<TUser> {
  user: TUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * Who is signed in. A 401 means "signed out" (user null), never an error; an answer is not retried.
 * Only the presence of a user decides whether the visitor is authenticated.
 * Without a connection the question waits (still loading) rather than calling the visitor signed out.
 */
export function useCurrentUser<TUser = CurrentUser>(): CurrentUserState<TUser> {
  const { data, isPending } = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getQueryFn<TUser>({ on401: 'returnNull' }),
    retry: retryReadOnLostConnection,
  });
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}

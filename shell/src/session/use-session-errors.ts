import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@kcf/ui';
import {
  CURRENT_USER_QUERY_KEY,
  UNAUTHORIZED_TOAST,
  isPasswordChangeRequiredError,
  isUnauthorizedError,
  redirectToLogin,
} from '@kcf/web-kit';

/**
 * Reacts to what any page's data read says about the session:
 * - 401 Unauthorized: the session is gone; toast, then sign in again after 500 ms (once);
 * - 403 Password change required: read the current user again, so the forced change takes over.
 * Saves (mutations) show their own screen's toast and redirect themselves.
 */
export function useSessionErrors(): void {
  const client = useQueryClient();
  const { toast } = useToast();
  useEffect(() => {
    let redirecting = false;
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const { error } = event.action;
      if (isUnauthorizedError(error)) {
        if (redirecting) return;
        redirecting = true;
        toast(UNAUTHORIZED_TOAST);
        redirectToLogin();
      } else if (isPasswordChangeRequiredError(error)) {
        void client.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      }
    });
  }, [client, toast]);
}

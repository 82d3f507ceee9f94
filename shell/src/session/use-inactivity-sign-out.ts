import { useEffect } from 'react';
import { useToast } from '@kcf/ui';
import { redirectTo } from '@kcf/web-kit';
import { EXPIRED_REDIRECT_DELAY_MS, watchInactivity } from './inactivity';
import { SESSION_EXPIRED_TOAST, SESSION_WARNING_TOAST } from './session-texts';

/** While someone is signed in: warn after 4 idle minutes, sign out through /api/logout at 5. */
export function useInactivitySignOut(): void {
  const { toast } = useToast();
  useEffect(
    () =>
      watchInactivity(window, {
        onWarning: () => toast(SESSION_WARNING_TOAST),
        onExpired: () => {
          toast(SESSION_EXPIRED_TOAST);
          redirectTo('/api/logout', EXPIRED_REDIRECT_DELAY_MS);
        },
      }),
    [toast],
  );
}

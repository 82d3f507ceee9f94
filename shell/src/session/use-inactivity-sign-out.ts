import { useEffect } from 'react';
import { useToast } from '@kcf/ui';
import { apiRequest, redirectTo } from '@kcf/web-kit';
import { EXPIRED_REDIRECT_DELAY_MS, watchInactivity } from './inactivity';
import { keepSessionAlive } from './session-keepalive';
import { SESSION_EXPIRED_TOAST, SESSION_WARNING_TOAST } from './session-texts';

/**
 * While someone is signed in: warn after 4 idle minutes, sign out through /api/logout at 5; and
 * while they are active, keep the server's session from idling out under them.
 */
export function useInactivitySignOut(): void {
  const { toast } = useToast();
  useEffect(() => {
    const stopWatching = watchInactivity(window, {
      onWarning: () => toast(SESSION_WARNING_TOAST),
      onExpired: () => {
        stopKeepingAlive();
        toast(SESSION_EXPIRED_TOAST);
        redirectTo('/api/logout', EXPIRED_REDIRECT_DELAY_MS);
      },
    });
    // A failed ping changes nothing here: the next read of the page reports a dead session.
    const stopKeepingAlive = keepSessionAlive(window, () => void apiRequest('GET', '/api/auth/user').catch(() => undefined));
    return () => {
      stopWatching();
      stopKeepingAlive();
    };
  }, [toast]);
}

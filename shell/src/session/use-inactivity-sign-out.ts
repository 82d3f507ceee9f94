import { useEffect } from 'react';
import { useToast } from '@kcf/ui';
import { apiRequest, browserNavigation } from '@kcf/web-kit';
import { IDLE_SIGN_OUT_PATH } from './idle-sign-out';
import { EXPIRED_REDIRECT_DELAY_MS, watchInactivity } from './inactivity';
import { keepSessionAlive } from './session-keepalive';
import { SESSION_EXPIRED_TOAST, SESSION_WARNING_TOAST } from './session-texts';

/**
 * Ends the session and opens the sign-in page, which says why. The page the user was on and an open
 * dialog's fields stay noted, so signing in again leads back there. When the sign-out call fails the
 * server still ends the idle session on its own.
 */
async function signOutForInactivity(): Promise<void> {
  await apiRequest('POST', '/api/logout/local').catch(() => undefined);
  browserNavigation.assign(IDLE_SIGN_OUT_PATH);
}

/**
 * While someone is signed in: warn after 4 idle minutes, sign out at 5 (the expiry toast, then after
 * 500 ms the sign-in page); and while they are active, keep the server's session from idling out under them.
 */
export function useInactivitySignOut(): void {
  const { toast } = useToast();
  useEffect(() => {
    let leaving: ReturnType<typeof setTimeout> | undefined;
    const stopWatching = watchInactivity(window, {
      onWarning: () => toast(SESSION_WARNING_TOAST),
      onExpired: () => {
        stopKeepingAlive();
        toast(SESSION_EXPIRED_TOAST);
        leaving = setTimeout(() => void signOutForInactivity(), EXPIRED_REDIRECT_DELAY_MS);
      },
    });
    // A failed ping changes nothing here: the next read of the page reports a dead session.
    const stopKeepingAlive = keepSessionAlive(
      window,
      () => void apiRequest('GET', '/api/auth/user').catch(() => undefined),
    );
    return () => {
      clearTimeout(leaving);
      stopWatching();
      stopKeepingAlive();
    };
  }, [toast]);
}

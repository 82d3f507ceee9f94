/** The pause between an "Unauthorized" toast and the trip to sign-in (500 ms). */
export const REAUTH_REDIRECT_DELAY_MS = 500;

/**
 * How the app leaves for another page. One object, so that a spec can watch where the app went
 * (`watchNavigation` in `@kcf/testing/web`) whichever module sent it there.
 */
export const browserNavigation = {
  assign: (path: string): void => window.location.assign(path),
};

/** Leaves the app for `path` after `delayMs`; returns a function that cancels the trip. */
export function redirectTo(path: string, delayMs = 0): () => void {
  const timer = setTimeout(() => {
    browserNavigation.assign(path);
  }, delayMs);
  return () => clearTimeout(timer);
}

/** Goes to /api/login after the reauthentication delay, after an "Unauthorized" toast. */
export function redirectToLogin(delayMs = REAUTH_REDIRECT_DELAY_MS): () => void {
  return redirectTo('/api/login', delayMs);
}

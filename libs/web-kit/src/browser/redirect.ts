/** Spec §9: the pause between an "Unauthorized" toast and the trip to sign-in. */
export const REAUTH_REDIRECT_DELAY_MS = 500;

/** Leaves the app for `path` after `delayMs`; returns a function that cancels the trip. */
export function redirectTo(path: string, delayMs = 0): () => void {
  const timer = setTimeout(() => {
    window.location.assign(path);
  }, delayMs);
  return () => clearTimeout(timer);
}

/** Goes to /api/login after the reauthentication delay (spec §8, "Unauthorized"). */
export function redirectToLogin(delayMs = REAUTH_REDIRECT_DELAY_MS): () => void {
  return redirectTo('/api/login', delayMs);
}

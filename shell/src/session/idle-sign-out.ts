import { INACTIVITY_TIMEOUT_MS } from './inactivity';

/** The sign-in page after the inactivity sign-out: it says why the user is there. */
export const IDLE_SIGN_OUT_PATH = '/login?signedOut=idle';

/**
 * What the sign-in page says when `search` (its address's query) is the inactivity sign-out's, else null.
 * The minutes are those the shell signed out after (the timer's), never a number from the address.
 */
export function idleSignOutNotice(search: string): string | null {
  if (new URLSearchParams(search).get('signedOut') !== 'idle') return null;
  const minutes = Math.round(INACTIVITY_TIMEOUT_MS / 60_000);
  return `You were signed out after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity.`;
}

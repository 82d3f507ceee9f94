/** What a save says when it was not sent because the browser has no connection. */
export const OFFLINE_SAVE_MESSAGE =
  'You are offline. Your changes were not saved; try again when the connection returns.';

/** What an on-demand read says when it was not sent because the browser has no connection. */
export const OFFLINE_READ_MESSAGE = 'You are offline. This could not be loaded; try again when the connection returns.';

/**
 * A request that was never sent because the browser is offline. It is a TypeError, like the one
 * `fetch` throws when no answer comes, so `isNetworkError` and "no answer" handling still apply;
 * its message is one a person can read.
 */
export class OfflineError extends TypeError {
  override readonly name = 'OfflineError';

  constructor(message: string = OFFLINE_SAVE_MESSAGE) {
    super(message);
  }
}

export function isOfflineError(err: unknown): err is OfflineError {
  return err instanceof OfflineError;
}

/** Whether the browser itself says it has no connection (a true "online" is only a hope). */
export function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

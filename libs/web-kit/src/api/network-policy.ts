import { onlineManager } from '@tanstack/react-query';
import { isNetworkError } from './api-error';

/**
 * How many times one read is tried again for lost connections before it gives up (each time only after the
 * connection came back, so this bounds a flapping network, not a normal drop).
 */
export const MAX_READ_RETRIES_OFFLINE = 5;

/**
 * The retry rule of reads (none by default), with one exception for the network itself:
 * - the server answered (any HTTP status): never retried;
 * - no answer came: tried once more a second later (the browser often reports the lost connection only
 *   after the request has failed), and while the browser is offline the read waits — paused, keeping
 *   what is on screen — and is sent again when the connection returns.
 */
export function retryReadOnLostConnection(failureCount: number, error: unknown): boolean {
  if (!isNetworkError(error)) return false;
  if (failureCount === 0) return true;
  return !onlineManager.isOnline() && failureCount < MAX_READ_RETRIES_OFFLINE;
}

import { nowMs } from '@kcf/web-kit';
import { ACTIVITY_EVENTS } from './inactivity';

/** At most one keep-alive call per minute of activity. */
export const KEEPALIVE_INTERVAL_MS = 60 * 1000;

/**
 * The server ends a session after 5 minutes without a request; someone typing a long form makes no
 * requests. While there is activity, `ping` runs at most once per interval so the server's idle clock
 * follows the same activity as the screen's inactivity timer. Returns a function that stops it.
 */
export function keepSessionAlive(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  ping: () => void,
  intervalMs = KEEPALIVE_INTERVAL_MS,
): () => void {
  let last = nowMs();
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  const onActivity = () => {
    const now = nowMs();
    if (now - last < intervalMs) return;
    last = now;
    ping();
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, listenerOptions);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, listenerOptions);
  };
}

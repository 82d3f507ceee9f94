/** Inactivity: warning at 4 minutes without activity, sign-out at 5. */
export const INACTIVITY_TIMEOUT_MS = 5 * 60 * 1000;
export const INACTIVITY_WARNING_MS = 4 * 60 * 1000;
export const SESSION_WARNING_TOAST_MS = 10 * 1000;
export const EXPIRED_REDIRECT_DELAY_MS = 500;

/** Mouse press, mouse move, key press, scroll, touch start and click count as activity. */
export const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'scroll', 'touchstart', 'click'] as const;

export interface InactivityHandlers {
  /** Once per idle period, at the warning time. */
  onWarning: () => void;
  /** At the timeout; nothing is watched any more afterwards. */
  onExpired: () => void;
}

export interface InactivityTiming {
  timeoutMs: number;
  warningMs: number;
}

const SPEC_TIMING: InactivityTiming = { timeoutMs: INACTIVITY_TIMEOUT_MS, warningMs: INACTIVITY_WARNING_MS };

/**
 * Watches `target` for activity. Any activity restarts both timers and clears the warning flag.
 * Returns a function that stops watching.
 */
export function watchInactivity(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  handlers: InactivityHandlers,
  timing: InactivityTiming = SPEC_TIMING,
): () => void {
  let warned = false;
  let warningTimer: ReturnType<typeof setTimeout> | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  // Capture, so scrolling inside any element counts as well as scrolling the page.
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };

  const clearTimers = () => {
    clearTimeout(warningTimer);
    clearTimeout(expiryTimer);
  };
  const stop = () => {
    clearTimers();
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, listenerOptions);
  };
  const start = () => {
    clearTimers();
    warningTimer = setTimeout(() => {
      if (warned) return;
      warned = true;
      handlers.onWarning();
    }, timing.warningMs);
    expiryTimer = setTimeout(() => {
      stop();
      handlers.onExpired();
    }, timing.timeoutMs);
  };
  function onActivity() {
    warned = false;
    start();
  }

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, listenerOptions);
  start();
  return stop;
}

/**
 * Time as a port in the browser, as on the server: every rule that reads the time (this term and year, a
 * child's age, "3 days ago", the session's keep-alive, a form's today) asks `now()`, so a test sets the
 * time with `setClock` instead of faking the timers. One clock for the shell and every remote (web-kit is a
 * shared singleton).
 */
export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };
let current: Clock = systemClock;

/** The time now, on the page's clock. */
export function now(): Date {
  return current.now();
}

/** The time now in milliseconds since the epoch (for intervals and deadlines). */
export function nowMs(): number {
  return current.now().getTime();
}

/** Sets the page's clock (tests); `null` puts the system's back. */
export function setClock(clock: Clock | null): void {
  current = clock ?? systemClock;
}

/** A clock that stands at `at` until moved (tests): `setClock(clock)`, then `clock.set(...)` or `clock.advance(ms)`. */
export function manualClock(
  at: Date | string | number,
): Clock & { set(to: Date | string | number): void; advance(ms: number): void } {
  let time = new Date(at).getTime();
  return {
    now: () => new Date(time),
    set: (to) => {
      time = new Date(to).getTime();
    },
    advance: (ms) => {
      time += ms;
    },
  };
}

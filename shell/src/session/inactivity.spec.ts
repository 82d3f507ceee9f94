import { ACTIVITY_EVENTS, INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS, watchInactivity } from './inactivity';

describe('watchInactivity', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function watch() {
    const target = new EventTarget();
    const onWarning = jest.fn();
    const onExpired = jest.fn();
    const stop = watchInactivity(target, { onWarning, onExpired });
    return { target, onWarning, onExpired, stop };
  }

  it('uses the product’s constants: warning at 4 minutes, sign-out at 5', () => {
    expect(INACTIVITY_WARNING_MS).toBe(240_000);
    expect(INACTIVITY_TIMEOUT_MS).toBe(300_000);
  });

  it('warns once at 4 idle minutes and expires at 5', () => {
    const { onWarning, onExpired } = watch();
    jest.advanceTimersByTime(INACTIVITY_WARNING_MS - 1);
    expect(onWarning).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it.each(ACTIVITY_EVENTS)('a %s restarts both timers and allows a new warning', (type) => {
    const { target, onWarning, onExpired } = watch();
    jest.advanceTimersByTime(INACTIVITY_WARNING_MS + 1000);
    expect(onWarning).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event(type));
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1);
    expect(onExpired).not.toHaveBeenCalled();
    expect(onWarning).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('counts mouse press, mouse move, key press, scroll, touch start and click', () => {
    expect([...ACTIVITY_EVENTS].sort()).toEqual(['click', 'keydown', 'mousedown', 'mousemove', 'scroll', 'touchstart']);
  });

  it('stops listening once expired, and when stopped', () => {
    const expired = watch();
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS);
    expired.target.dispatchEvent(new Event('click'));
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS);
    expect(expired.onExpired).toHaveBeenCalledTimes(1);

    const stopped = watch();
    stopped.stop();
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 2);
    expect(stopped.onWarning).not.toHaveBeenCalled();
    expect(stopped.onExpired).not.toHaveBeenCalled();
  });
});

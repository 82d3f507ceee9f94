import { KEEPALIVE_INTERVAL_MS, keepSessionAlive } from './session-keepalive';

describe('keepSessionAlive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('pings at most once per interval while there is activity, and never without', () => {
    const target = new EventTarget();
    const ping = jest.fn();
    const stop = keepSessionAlive(target, ping);

    target.dispatchEvent(new Event('keydown'));
    expect(ping).not.toHaveBeenCalled();
    jest.advanceTimersByTime(KEEPALIVE_INTERVAL_MS * 3);
    expect(ping).not.toHaveBeenCalled();

    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('mousemove'));
    expect(ping).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(KEEPALIVE_INTERVAL_MS - 1);
    target.dispatchEvent(new Event('scroll'));
    expect(ping).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    target.dispatchEvent(new Event('touchstart'));
    expect(ping).toHaveBeenCalledTimes(2);

    stop();
    jest.advanceTimersByTime(KEEPALIVE_INTERVAL_MS);
    target.dispatchEvent(new Event('click'));
    expect(ping).toHaveBeenCalledTimes(2);
  });
});

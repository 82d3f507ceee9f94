import { manualClock, setClock } from '@kcf/web-kit';
import { KEEPALIVE_INTERVAL_MS, keepSessionAlive } from './session-keepalive';

describe('keepSessionAlive', () => {
  const clock = manualClock('2026-11-25T08:00:00Z');
  beforeEach(() => {
    clock.set('2026-11-25T08:00:00Z');
    setClock(clock);
  });
  afterEach(() => setClock(null));

  it('pings at most once per interval of the page clock while there is activity, and never without', () => {
    const target = new EventTarget();
    const ping = jest.fn();
    const stop = keepSessionAlive(target, ping);

    target.dispatchEvent(new Event('keydown'));
    expect(ping).not.toHaveBeenCalled();
    clock.advance(KEEPALIVE_INTERVAL_MS * 3);
    expect(ping).not.toHaveBeenCalled();

    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('mousemove'));
    expect(ping).toHaveBeenCalledTimes(1);
    clock.advance(KEEPALIVE_INTERVAL_MS - 1);
    target.dispatchEvent(new Event('scroll'));
    expect(ping).toHaveBeenCalledTimes(1);
    clock.advance(1);
    target.dispatchEvent(new Event('touchstart'));
    expect(ping).toHaveBeenCalledTimes(2);

    stop();
    clock.advance(KEEPALIVE_INTERVAL_MS);
    target.dispatchEvent(new Event('click'));
    expect(ping).toHaveBeenCalledTimes(2);
  });
});

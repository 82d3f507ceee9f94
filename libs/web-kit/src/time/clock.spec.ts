import { manualClock, now, nowMs, setClock } from './clock';

describe('the page clock', () => {
  afterEach(() => setClock(null));

  it('reads the system time unless told', () => {
    const before = Date.now();
    const read = nowMs();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('stands where a test sets it, and moves only when told', () => {
    const clock = manualClock('2026-03-31T20:59:00Z');
    setClock(clock);
    expect(now().toISOString()).toBe('2026-03-31T20:59:00.000Z');
    clock.advance(60_000);
    expect(nowMs()).toBe(Date.parse('2026-03-31T21:00:00Z'));
    clock.set('2027-01-01T00:00:00Z');
    expect(now().getUTCFullYear()).toBe(2027);
    setClock(null);
    expect(now().getUTCFullYear()).toBe(new Date().getUTCFullYear());
  });
});

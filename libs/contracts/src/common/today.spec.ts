import { foundationToday, rulesToday, setRulesClock } from './today';

describe('foundationToday', () => {
  it('is the date in Nairobi (UTC+3) at that instant', () => {
    expect(foundationToday(new Date('2026-03-01T20:59:59Z'))).toBe('2026-03-01');
    expect(foundationToday(new Date('2026-03-01T21:00:00Z'))).toBe('2026-03-02');
    expect(foundationToday(new Date('2024-02-29T12:00:00Z'))).toBe('2024-02-29');
  });
});

describe('rulesToday', () => {
  afterEach(() => setRulesClock(null));

  it('reads the clock a service or a page installs, and the system clock without one', () => {
    setRulesClock(() => new Date('2026-12-31T21:30:00Z'));
    expect(rulesToday()).toBe('2027-01-01');
    setRulesClock(null);
    expect(rulesToday()).toBe(foundationToday(new Date()));
  });
});

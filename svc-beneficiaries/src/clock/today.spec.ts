import { toIsoDate } from '@kcf/contracts';
import { foundationToday } from './today';

describe('foundationToday', () => {
  it('reads the date in Kakamega (UTC+3), like the contracts do', () => {
    expect(foundationToday(new Date('2026-03-01T20:59:59Z'))).toBe('2026-03-01');
    expect(foundationToday(new Date('2026-03-01T21:00:00Z'))).toBe('2026-03-02');
    for (const at of ['2024-02-29T12:00:00Z', '2025-12-31T22:30:00Z', '2026-07-15T00:00:00Z']) {
      expect(foundationToday(new Date(at))).toBe(toIsoDate(new Date(at)));
    }
  });
});

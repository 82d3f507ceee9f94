import { IsoDate, IsoTimestamp, calendarDaysBetween, isValidIsoDate, toIsoDate } from './dates';

describe('IsoDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '2023-01-01'])('accepts the real day %s', (value) => {
    expect(IsoDate.safeParse(value).success).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2023-04-31',
    '2023-13-01',
    '2023-00-10',
    '2023-1-5',
    '05/01/2023',
    '2023-01-01T00:00:00Z',
    '',
  ])('refuses %p', (value) => {
    expect(isValidIsoDate(value)).toBe(false);
    expect(IsoDate.safeParse(value).success).toBe(false);
  });
});

describe('IsoTimestamp', () => {
  it('accepts UTC and offset timestamps and refuses plain dates', () => {
    expect(IsoTimestamp.safeParse('2024-05-01T08:30:00.000Z').success).toBe(true);
    expect(IsoTimestamp.safeParse('2024-05-01T11:30:00+03:00').success).toBe(true);
    expect(IsoTimestamp.safeParse('2024-05-01').success).toBe(false);
  });
});

describe('foundation calendar', () => {
  it('reads an instant on the Nairobi clock (UTC+3)', () => {
    expect(toIsoDate(new Date('2024-12-31T21:30:00Z'))).toBe('2025-01-01');
    expect(toIsoDate(new Date('2024-12-31T20:59:00Z'))).toBe('2024-12-31');
  });

  it('counts calendar days between dates, across month ends and leap days', () => {
    expect(calendarDaysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(calendarDaysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(calendarDaysBetween('2024-03-01', '2024-02-28')).toBe(-2);
  });
});

import { FOUNDATION_TIME_ZONE } from '@kcf/contracts';
import { formatDate, formatDateTime } from './date';

describe('formatDate', () => {
  it('shows a calendar date as day, short month and year', () => {
    expect(formatDate('2025-03-12')).toBe('12 Mar 2025');
    expect(formatDate('2024-12-01')).toBe('1 Dec 2024');
  });

  it("shows a timestamp on the foundation's clock (Nairobi, UTC+3)", () => {
    expect(FOUNDATION_TIME_ZONE).toBe('Africa/Nairobi');
    expect(formatDate('2025-03-12T22:30:00.000Z')).toBe('13 Mar 2025');
    expect(formatDate(new Date('2025-03-12T08:00:00Z'))).toBe('12 Mar 2025');
  });

  it('shows nothing for a missing date and leaves text that is not a date alone', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('unknown')).toBe('unknown');
  });
});

describe('formatDateTime', () => {
  it("shows a moment as date and 24-hour time on the foundation's clock", () => {
    expect(formatDateTime('2026-11-24T11:03:00.000Z')).toBe('24 Nov 2026 14:03');
    expect(formatDateTime(new Date('2026-01-05T21:30:59Z'))).toBe('6 Jan 2026 00:30');
  });

  it('shows nothing for a missing moment and leaves text that is not a date alone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('unknown')).toBe('unknown');
  });
});

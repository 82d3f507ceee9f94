import { lastActiveText } from '@kcf/contracts';
import { formatLastActive } from './relative-time';

describe('formatLastActive', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it.each([
    ['2026-11-21T11:30:00Z', 'Just now'],
    ['2026-11-21T11:00:00Z', '1 hour ago'],
    ['2026-11-20T12:00:01Z', '23 hours ago'],
    ['2026-11-20T12:00:00Z', '1 day ago'],
    ['2026-11-14T12:00:01Z', '6 days ago'],
  ])('counts %s as %p, as the contracts rule does', (lastActive, text) => {
    expect(formatLastActive(lastActive, now)).toBe(text);
    expect(formatLastActive(lastActive, now)).toBe(lastActiveText(lastActive, now));
  });

  it("shows a week or more as the app's date, never the browser's numeric one", () => {
    expect(formatLastActive('2026-11-14T12:00:00Z', now)).toBe('14 Nov 2026');
    expect(formatLastActive(new Date('2026-01-05T21:30:00Z'), now)).toBe('6 Jan 2026');
  });
});

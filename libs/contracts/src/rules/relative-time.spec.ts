import { beneficiaryRelativeTime, lastActiveText } from './relative-time';

const options = { locale: 'en-GB' };

describe('beneficiaryRelativeTime', () => {
  // 15 June 2024, 12:00 in Nairobi.
  const now = new Date('2024-06-15T09:00:00Z');

  it.each([
    ['2024-06-15T05:00:00Z', 'Today'],
    ['2024-06-14T09:00:00Z', '1 day ago'],
    ['2024-06-12T09:00:00Z', '3 days ago'],
    ['2024-06-09T09:00:00Z', '6 days ago'],
    ['2024-06-08T09:00:00Z', '1 week ago'],
    ['2024-06-01T09:00:00Z', '2 weeks ago'],
    ['2024-05-17T09:00:00Z', '4 weeks ago'],
    ['2024-05-16T09:00:00Z', '16/05/2024'],
  ])('shows %s as %p', (createdAt, text) => {
    expect(beneficiaryRelativeTime(createdAt, now, options)).toBe(text);
  });

  it('counts calendar days: late yesterday is 1 day ago even under 24 hours', () => {
    expect(beneficiaryRelativeTime('2024-06-14T20:00:00Z', new Date('2024-06-15T06:00:00Z'), options)).toBe(
      '1 day ago',
    );
  });
});

describe('lastActiveText', () => {
  const now = new Date('2024-06-15T12:00:00Z');

  it.each([
    ['2024-06-15T11:30:00Z', 'Just now'],
    ['2024-06-15T11:00:00Z', '1 hour ago'],
    ['2024-06-15T02:00:00Z', '10 hours ago'],
    ['2024-06-14T12:00:01Z', '23 hours ago'],
    ['2024-06-14T12:00:00Z', '1 day ago'],
    ['2024-06-08T12:00:01Z', '6 days ago'],
    ['2024-06-08T12:00:00Z', '08/06/2024'],
  ])('shows %s as %p', (lastActive, text) => {
    expect(lastActiveText(lastActive, now, options)).toBe(text);
  });
});

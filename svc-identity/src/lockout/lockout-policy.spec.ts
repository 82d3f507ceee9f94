import { retryAfterSeconds, tooManyAttempts, tooManyAttemptsMessage, usernameKey } from './lockout-policy';

describe('lockout policy', () => {
  it('says how many whole minutes are left, rounded up', () => {
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe('Too many attempts. Try again in 15 minutes.');
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe('Too many attempts. Try again in 15 minutes.');
    expect(tooManyAttemptsMessage(60_000)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(500)).toBe('Too many attempts. Try again in 1 minute.');
  });

  it('answers 429', () => {
    expect(tooManyAttempts(1000).status).toBe(429);
  });

  it('treats usernames case-insensitively', () => {
    expect(usernameKey('  Amina ')).toBe('amina');
  });

  it('gives at least one second to Retry-After', () => {
    expect(retryAfterSeconds(10)).toBe(1);
    expect(retryAfterSeconds(90_500)).toBe(91);
  });
});

import { ApiError } from '@kcf/web-kit';
import { loginFailureMessage } from './login-errors';

describe('loginFailureMessage', () => {
  const api = (status: number, body: unknown) => new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);

  it("shows the server's message, else 'Invalid credentials'", () => {
    expect(loginFailureMessage(api(401, { message: 'Invalid credentials' }))).toBe('Invalid credentials');
    expect(loginFailureMessage(api(403, { message: 'Account is disabled' }))).toBe('Account is disabled');
    expect(loginFailureMessage(new ApiError(502, '502: Bad Gateway', ''))).toBe('Invalid credentials');
  });

  it('says when there are too many attempts, even without a message', () => {
    expect(loginFailureMessage(api(429, { message: 'Too many attempts, please try again later' }))).toBe(
      'Too many attempts, please try again later',
    );
    expect(loginFailureMessage(new ApiError(429, '429: Too Many Requests', ''))).toBe(
      'Too many attempts, please try again later',
    );
  });

  it("says 'Unable to connect to server' when no answer came", () => {
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toBe('Unable to connect to server');
  });
});

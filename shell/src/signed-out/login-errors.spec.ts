import { ApiError } from '@kcf/web-kit';
import { loginFailureMessage, validateLogin } from './login-errors';

describe('validateLogin', () => {
  it('accepts a username and a password with 8+ characters, upper, lower and a symbol', () => {
    expect(validateLogin('grace', 'Kakamega!')).toEqual({});
  });

  it('shows one spec message per field', () => {
    expect(validateLogin('  ', 'Ka!1')).toEqual({
      username: 'Username is required',
      password: 'Password must be at least 8 characters',
    });
    expect(validateLogin('grace', 'kakamega!').password).toBe('Password must contain at least one uppercase letter');
    expect(validateLogin('grace', 'KAKAMEGA!').password).toBe('Password must contain at least one lowercase letter');
    expect(validateLogin('grace', 'Kakamega1').password).toBe('Password must contain at least one symbol');
  });
});

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
    expect(loginFailureMessage(new ApiError(429, '429: Too Many Requests', ''))).toBe('Too many attempts, please try again later');
  });

  it("says 'Unable to connect to server' when no answer came", () => {
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toBe('Unable to connect to server');
  });
});

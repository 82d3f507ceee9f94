import { validateLogin } from './login-errors';

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

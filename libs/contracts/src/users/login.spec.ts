import { z } from 'zod';
import { LoginForm, LoginRequest } from './login';

const messages = (result: z.ZodSafeParseResult<unknown>, field: string) =>
  result.success
    ? []
    : result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);

describe('LoginForm (the screen checks the local login policy)', () => {
  it('accepts a password with 8+ characters, both cases and a symbol', () => {
    expect(LoginForm.parse({ username: ' amina ', password: 'Secret#pw' })).toEqual({
      username: 'amina',
      password: 'Secret#pw',
    });
  });

  it('requires a username', () => {
    expect(messages(LoginForm.safeParse({ username: '   ', password: 'Secret#pw' }), 'username')).toEqual([
      'Username is required',
    ]);
    expect(messages(LoginForm.safeParse({ password: 'Secret#pw' }), 'username')).toEqual(['Username is required']);
  });

  it.each([
    ['Sec#pw', 'Password must be at least 8 characters'],
    ['secret#pw', 'Password must contain at least one uppercase letter'],
    ['SECRET#PW', 'Password must contain at least one lowercase letter'],
    ['Secretpw1', 'Password must contain at least one symbol'],
  ])('refuses %p with %p', (password, message) => {
    expect(messages(LoginForm.safeParse({ username: 'amina', password }), 'password')).toEqual([message]);
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])('counts %p as a symbol', (symbol) => {
    expect(LoginForm.safeParse({ username: 'amina', password: `Secretpw${symbol}` }).success).toBe(true);
  });

  it('does not count symbols outside the list', () => {
    expect(messages(LoginForm.safeParse({ username: 'amina', password: 'Secretpw-_+=' }), 'password')).toEqual([
      'Password must contain at least one symbol',
    ]);
  });

  it('reports every unmet rule of an empty password', () => {
    expect(messages(LoginForm.safeParse({ username: 'amina', password: '' }), 'password')).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one symbol',
    ]);
  });
});

describe('LoginRequest (the server does not reveal the policy)', () => {
  it('accepts any non-empty password, even one the form would refuse', () => {
    expect(LoginRequest.parse({ username: 'amina', password: 'x' })).toEqual({ username: 'amina', password: 'x' });
  });

  it('requires both fields', () => {
    const result = LoginRequest.safeParse({ username: '', password: '' });
    expect(messages(result, 'username')).toEqual(['Username is required']);
    expect(messages(result, 'password')).toEqual(['Password is required']);
  });
});

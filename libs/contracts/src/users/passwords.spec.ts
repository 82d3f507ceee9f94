import { z } from 'zod';
import { NEW_PASSWORD_SPECIALS } from '../rules/passwords';
import { LoginForm } from './login';
import { ChangePasswordBody, ChangePasswordForm, RESET_PASSWORD_MESSAGE, ResetPasswordBody } from './passwords';

const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const byField: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
};

describe('ResetPasswordBody', () => {
  it('accepts a password meeting the policy', () => {
    expect(ResetPasswordBody.parse({ newPassword: 'Welcome1!' })).toEqual({ newPassword: 'Welcome1!' });
  });

  it.each(['Welc1!', 'welcome1!', 'WELCOME1!', 'Welcome!!', 'Welcome11', 'Welcome1#', '', undefined])(
    'refuses %p with the one reset message',
    (newPassword) => {
      expect(fieldMessages(ResetPasswordBody.safeParse({ newPassword }))).toEqual({
        newPassword: [RESET_PASSWORD_MESSAGE],
      });
    },
  );

  it('accepts only passwords the sign-in form accepts too', () => {
    for (const special of NEW_PASSWORD_SPECIALS) {
      const password = `Welcome1${special}`;
      expect(ResetPasswordBody.safeParse({ newPassword: password }).success).toBe(true);
      expect(LoginForm.safeParse({ username: 'amina', password }).success).toBe(true);
    }
  });

  it('uses the product’s text', () => {
    expect(RESET_PASSWORD_MESSAGE).toBe(
      'Password must be at least 8 characters with uppercase, lowercase, number, and special character',
    );
  });
});

describe('ChangePasswordBody', () => {
  it('accepts a current password and a new password meeting the policy', () => {
    expect(ChangePasswordBody.parse({ currentPassword: 'old', newPassword: 'Welcome1!' })).toEqual({
      currentPassword: 'old',
      newPassword: 'Welcome1!',
    });
  });

  it('gives the change-password screen messages', () => {
    expect(fieldMessages(ChangePasswordBody.safeParse({ currentPassword: '', newPassword: 'Short1!' }))).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['Password must be at least 8 characters'],
    });
    expect(fieldMessages(ChangePasswordBody.safeParse({ currentPassword: 'old', newPassword: 'welcome1!' }))).toEqual({
      newPassword: ['Password must contain uppercase, lowercase, number, and special character'],
    });
    expect(fieldMessages(ChangePasswordBody.safeParse({ currentPassword: 'old', newPassword: 'Welcome1#' }))).toEqual({
      newPassword: ['Password must contain uppercase, lowercase, number, and special character'],
    });
  });
});

describe('ChangePasswordForm', () => {
  const base = { currentPassword: 'old', newPassword: 'Welcome1!' };

  it('asks for the confirmation', () => {
    expect(fieldMessages(ChangePasswordForm.safeParse({ ...base, confirmPassword: '' }))).toEqual({
      confirmPassword: ['Please confirm your password'],
    });
  });

  it("says the passwords don't match", () => {
    expect(fieldMessages(ChangePasswordForm.safeParse({ ...base, confirmPassword: 'Welcome2!' }))).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('reports a mismatch together with a weak new password', () => {
    expect(
      fieldMessages(
        ChangePasswordForm.safeParse({ currentPassword: 'old', newPassword: 'weak', confirmPassword: 'other' }),
      ),
    ).toEqual({
      newPassword: ['Password must be at least 8 characters'],
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('passes when everything matches', () => {
    expect(ChangePasswordForm.parse({ ...base, confirmPassword: 'Welcome1!' })).toEqual({
      ...base,
      confirmPassword: 'Welcome1!',
    });
  });
});

import { z } from 'zod';
import { textField } from '../common/fields';
import { MAX_PASSWORD_LENGTH, MIN_NEW_PASSWORD_LENGTH, NEW_PASSWORD_PATTERN } from '../rules/passwords';

export const RESET_PASSWORD_MESSAGE =
  'Password must be at least 8 characters with uppercase, lowercase, number, and special character';
export const RESET_PASSWORD_TITLE = 'Invalid Password';

const TOO_SHORT = 'Password must be at least 8 characters';
const MISSING_KINDS = 'Password must contain uppercase, lowercase, number, and special character';
const TOO_LONG = `Password must be ${MAX_PASSWORD_LENGTH} characters or less`;

/** PUT /api/admin/reset-password/{id}: one message for every way the policy fails. */
export const ResetPasswordBody = z.object({
  newPassword: textField('Password', { trim: false, error: RESET_PASSWORD_MESSAGE })
    .regex(NEW_PASSWORD_PATTERN, RESET_PASSWORD_MESSAGE)
    .max(MAX_PASSWORD_LENGTH, TOO_LONG),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The new password of the change-password screen and endpoint, with the screen's two messages. */
const newPasswordField = textField('New password', { trim: false, error: TOO_SHORT })
  .min(MIN_NEW_PASSWORD_LENGTH, TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, TOO_LONG)
  .refine((value) => value.length < MIN_NEW_PASSWORD_LENGTH || NEW_PASSWORD_PATTERN.test(value), MISSING_KINDS);

const currentPasswordField = textField('Current password', { trim: false, error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(1024, 'Current password is required');

/** PUT /api/auth/change-password. */
export const ChangePasswordBody = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The Change Password screen: the body plus the confirmation. */
export const ChangePasswordForm = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword.length > 0 && value.confirmPassword !== value.newPassword) {
      ctx.issues.push({
        code: 'custom',
        message: "Passwords don't match",
        path: ['confirmPassword'],
        input: value.confirmPassword,
      });
    }
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** 200 answer of the change: the session ends, so the screen signs out. */
export const ChangePasswordResponse = z.object({ message: z.string(), logout: z.boolean() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

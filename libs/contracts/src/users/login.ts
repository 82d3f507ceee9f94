import { z } from 'zod';
import { textField } from '../common/fields';
import { loginPasswordProblems } from '../rules/passwords';
import { User } from './user';

const USERNAME_REQUIRED = 'Username is required';

/**
 * The local login form: the screen checks the policy before sending.
 * The server must not check it (that would tell a guesser the policy): it uses `LoginRequest`.
 */
export const LoginForm = z.object({
  username: textField('Username', { error: USERNAME_REQUIRED }).min(1, USERNAME_REQUIRED),
  password: z.string({ error: 'Password must be at least 8 characters' }).superRefine((value, ctx) => {
    for (const message of loginPasswordProblems(value))
      ctx.issues.push({ code: 'custom', message, input: value, continue: true });
  }),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** The local login policy under the brief's name; identical to `LoginForm`. */
export const LoginBody = LoginForm;
export type LoginBody = LoginForm;

/** POST /api/login/local as the server reads it: two non-empty strings, nothing about the policy. */
export const LoginRequest = z.object({
  username: textField('Username', { error: USERNAME_REQUIRED })
    .min(1, USERNAME_REQUIRED)
    .max(255, 'Invalid credentials'),
  password: textField('Password', { trim: false, error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Invalid credentials'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** 200 answer of POST /api/login/local. */
export const LoginResponse = z.object({ user: User });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** A body that only carries a message (logout, deletes, and so on). */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

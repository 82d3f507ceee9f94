import { LoginForm } from '@kcf/contracts';

/** The local login form's rules are the contract's (spec §5); the first message per field is shown. */
export interface LoginErrors {
  username?: string;
  password?: string;
}

export function validateLogin(username: string, password: string): LoginErrors {
  const result = LoginForm.safeParse({ username, password });
  if (result.success) return {};
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export const PASSWORD_HINT = 'Password must have: 8+ characters, uppercase, lowercase, and a symbol';

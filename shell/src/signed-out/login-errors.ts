import { API_MESSAGES } from '@kcf/contracts';
import { ApiError, errorMessageOf } from '@kcf/web-kit';

export const PASSWORD_HINT = 'Password must have: 8+ characters, uppercase, lowercase, and a symbol';

/**
 * The text of the 'Login Failed' toast: the server's message or 'Invalid credentials';
 * 'Unable to connect to server' when no answer came; too many attempts (429) always says so.
 */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Unable to connect to server';
  if (error.status === 429) return errorMessageOf(error, API_MESSAGES.tooManyAttempts);
  return errorMessageOf(error, API_MESSAGES.invalidCredentials);
}

import { API_MESSAGES } from '@kcf/contracts';
import { errorMessageOf, isUnauthorizedError } from '@kcf/web-kit';

/** What a toast about a failed call says (spec §8). */
export interface FailureToast {
  title: string;
  description: string;
  variant: 'destructive';
  /** The session is gone: the screen goes to sign-in after the toast. */
  reauthenticate: boolean;
}

export const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const;

/**
 * The toast for a failed save or delete of income, expenses and budgets (spec §8):
 * a lost session says so and leads to sign-in; otherwise the server's message when it sent one, else
 * `fallback`, titled 'Insufficient Balance' when the message is about the balance and 'Error' otherwise.
 */
export function failureToast(err: unknown, fallback: string): FailureToast {
  if (isUnauthorizedError(err)) return { ...UNAUTHORIZED_TOAST, variant: 'destructive', reauthenticate: true };
  const description = errorMessageOf(err, fallback);
  const title = /balance/i.test(description) ? API_MESSAGES.insufficientBalanceTitle : 'Error';
  return { title, description, variant: 'destructive', reauthenticate: false };
}

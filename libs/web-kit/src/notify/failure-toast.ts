import { errorMessageOf, isUnauthorizedError } from '../api/api-error';

/** The toast for a session that ended on the server; sign-in follows after 500 ms. */
export const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  variant: 'destructive',
} as const;

/** How the toast about a failed call reads (the texts differ by screen). */
export interface FailureOptions {
  /** Show the server's message when it sent one (the default); false: always the screen's own text. */
  serverMessage?: boolean;
  /** The title: 'Error' unless told; a function picks it from the text shown (finance: 'Insufficient Balance'). */
  title?: string | ((message: string) => string);
}

/** What a toast about a failed call says. */
export interface FailureToast {
  title: string;
  description: string;
  variant: 'destructive';
  /** The session is gone: the screen goes to sign-in after the toast. */
  reauthenticate: boolean;
}

/**
 * The toast for a failed save, delete or download: a lost session says so and leads to sign-in;
 * otherwise the server's message (or `fallback`, always `fallback` with `serverMessage: false`).
 */
export function failureToast(err: unknown, fallback: string, { serverMessage = true, title = 'Error' }: FailureOptions = {}): FailureToast {
  if (isUnauthorizedError(err)) return { ...UNAUTHORIZED_TOAST, reauthenticate: true };
  const description = serverMessage ? errorMessageOf(err, fallback) : fallback;
  return { title: typeof title === 'function' ? title(description) : title, description, variant: 'destructive', reauthenticate: false };
}

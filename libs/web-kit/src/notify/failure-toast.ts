import { errorMessageOf, isUnauthorizedError } from '../api/api-error';

const LOGGED_OUT = 'You are logged out. Logging in again...';

/** The toast for a session that ended on the server; sign-in follows after 500 ms. */
export const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: LOGGED_OUT,
  variant: 'destructive',
} as const;

/**
 * How a screen words a lost session (three forms: expired, signed out elsewhere, idle):
 * - 'titled': title 'Unauthorized', text 'You are logged out. Logging in again...' (beneficiary saves);
 * - 'colon': one line 'Unauthorized: You are logged out. Logging in again...' (gift, income, expense and budget saves);
 * - 'dash': one line 'Unauthorized - You are logged out. Logging in again...' (user delete, status update, password reset).
 */
export type UnauthorizedForm = 'titled' | 'colon' | 'dash';

const ONE_LINE_SEPARATOR = { colon: ': ', dash: ' - ' } as const;

/** How the toast about a failed call reads (the texts differ by screen). */
export interface FailureOptions {
  /** Show the server's message when it sent one (the default); false: always the screen's own text. */
  serverMessage?: boolean;
  /** The title: 'Error' unless told; a function picks it from the text shown (finance: 'Insufficient Balance'). */
  title?: string | ((message: string) => string);
  /** How a lost session is told: 'titled' unless told. */
  unauthorized?: UnauthorizedForm;
}

/** What a toast about a failed call says. */
export interface FailureToast {
  title: string;
  /** Absent when the toast is one line (a lost session told as 'colon' or 'dash'). */
  description?: string;
  variant: 'destructive';
  /** The session is gone: the screen goes to sign-in after the toast. */
  reauthenticate: boolean;
}

/** The lost-session toast in the given form. */
export function unauthorizedToast(form: UnauthorizedForm = 'titled'): FailureToast {
  if (form === 'titled') return { ...UNAUTHORIZED_TOAST, reauthenticate: true };
  return {
    title: `${UNAUTHORIZED_TOAST.title}${ONE_LINE_SEPARATOR[form]}${LOGGED_OUT}`,
    variant: 'destructive',
    reauthenticate: true,
  };
}

/**
 * The toast for a failed save, delete or download: a lost session says so and leads to sign-in;
 * otherwise the server's message (or `fallback`, always `fallback` with `serverMessage: false`).
 */
export function failureToast(
  err: unknown,
  fallback: string,
  { serverMessage = true, title = 'Error', unauthorized = 'titled' }: FailureOptions = {},
): FailureToast {
  if (isUnauthorizedError(err)) return unauthorizedToast(unauthorized);
  const description = serverMessage ? errorMessageOf(err, fallback) : fallback;
  return {
    title: typeof title === 'function' ? title(description) : title,
    description,
    variant: 'destructive',
    reauthenticate: false,
  };
}

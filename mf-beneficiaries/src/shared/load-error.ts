import { ApiError, errorMessageOf } from '@kcf/web-kit';

/**
 * A failed read as a person reads it: the server's message, or a plain sentence for the answer (an ApiError's
 * message never carries the status code); 'Unable to connect to server' when no answer came.
 */
export function loadErrorText(err: unknown): string {
  if (err instanceof ApiError) return errorMessageOf(err, err.message);
  return 'Unable to connect to server';
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

import { ApiError, errorMessageOf } from '@kcf/web-kit';

/** A failed read as the spec shows it: '<status>: <text>' (the server's message when it sent one). */
export function loadErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const message = errorMessageOf(err, '');
    return message ? `${err.status}: ${message}` : err.message;
  }
  return 'Unable to connect to server';
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

import type { z } from 'zod';
import { firstErrorByField, toFieldErrors, type ApiFieldError } from '@kcf/contracts';
import { ApiError } from '@kcf/web-kit';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed client-side validation. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return firstErrorByField(toFieldErrors(error));
}

/** The field messages a 400 from the server carried (`errors: [{path, message}]`), if any. */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const body = err.body as { errors?: unknown } | undefined;
  if (!body || !Array.isArray(body.errors)) return {};
  const errors = body.errors.filter(
    (e): e is ApiFieldError => !!e && typeof e.path === 'string' && typeof e.message === 'string',
  );
  return firstErrorByField(errors);
}

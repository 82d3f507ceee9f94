import { ApiError, errorMessageOf } from '@kcf/web-kit';
import type { Notify } from './notify';

/** Field name -> the first message for it. */
export type FieldErrors = Record<string, string>;

interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** The first message of each field from a schema's issues (the spec's §5 messages). */
export function fieldErrorsFromIssues(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The `errors: [{path, message}]` of a 400 answer, per field; empty for anything else. */
export function fieldErrorsFromServer(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return {};
  const list = (err.body as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return {};
  const errors: FieldErrors = {};
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    const field = Array.isArray(path) ? String(path[0] ?? '') : typeof path === 'string' ? path.split('.')[0] : '';
    if (field && typeof message === 'string' && !(field in errors)) errors[field] = message;
  }
  return errors;
}

/** What the server said, for a line inside a form that stays open after a failed save. */
export function serverMessageOf(err: unknown, fallback: string): string {
  return errorMessageOf(err, fallback);
}

/** Where a dialog shows what went wrong: per field, for the whole form, and as a toast. */
export interface SaveFailureOutlets {
  setErrors: (errors: FieldErrors) => void;
  setServerError: (message: string) => void;
  notify: Pick<Notify, 'failure'>;
}

/**
 * A failed save: the dialog stays open with what was typed, showing the server's per-field messages and its
 * message for the form (or `fallback`), and the toast for the failure.
 */
export function showSaveFailure(err: unknown, fallback: string, outlets: SaveFailureOutlets): void {
  outlets.setErrors(fieldErrorsFromServer(err));
  outlets.setServerError(errorMessageOf(err, fallback));
  outlets.notify.failure(err, fallback);
}

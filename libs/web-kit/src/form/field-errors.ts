import { ApiError } from '../api/api-error';

/** Field name -> the one message shown under that field. */
export type FieldErrors = Record<string, string>;

/**
 * One complaint about a value: a zod issue (`path: ['amount']`) or an entry of a 400 answer's `errors`
 * (`path: 'amount'`, dotted for nested fields).
 */
export interface FieldIssue {
  path: ReadonlyArray<PropertyKey> | string;
  message: string;
}

function fieldOf(path: FieldIssue['path']): string {
  return typeof path === 'string' ? (path.split('.')[0] ?? '') : String(path[0] ?? '');
}

/**
 * The first message of each top-level field, in the order they came (a field shows one message at a time):
 * the one rule for a form's field errors, whether they come from the form's own check or from the server.
 */
export function firstErrorPerField(issues: readonly FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

function isFieldIssue(item: unknown): item is FieldIssue {
  if (!item || typeof item !== 'object') return false;
  const { path, message } = item as { path?: unknown; message?: unknown };
  return typeof message === 'string' && (typeof path === 'string' || Array.isArray(path));
}

/** The per-field messages of a refused save (the answer's `errors: [{path, message}]`); empty for anything else. */
export function fieldErrorsFromAnswer(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return {};
  const list = (err.body as { errors?: unknown }).errors;
  return Array.isArray(list) ? firstErrorPerField(list.filter(isFieldIssue)) : {};
}

/** A schema a form checks its values with: the contracts' zod schemas fit (nothing of zod is imported here). */
export interface FormSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly FieldIssue[] } };
}

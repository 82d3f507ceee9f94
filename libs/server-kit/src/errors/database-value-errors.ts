import { COMMON_ERRORS, type ErrorEntry } from '@kcf/contracts';
import { databaseErrorCode } from '../unit-of-work/database-failures';
import type { FieldError } from './app-error';

/** SQLSTATE class 22, data exception: five characters starting with 22. */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

/** The class-22 states with words of their own; every other one is `valueInvalid`. */
const VALUE_ERRORS: Record<string, ErrorEntry> = {
  '22001': COMMON_ERRORS.valueTooLong, // string_data_right_truncation
  '22003': COMMON_ERRORS.valueOutOfRange, // numeric_value_out_of_range
  '22008': COMMON_ERRORS.valueOutOfRange, // datetime_field_overflow
  '22021': COMMON_ERRORS.valueNotStorable, // character_not_in_repertoire (a NUL, invalid UTF-8)
  '22P05': COMMON_ERRORS.valueNotStorable, // untranslatable_character (\u0000 in JSON)
};

/** 'planned_amount' -> 'plannedAmount': the field a column holds. */
const fieldOf = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** What the request sent: the field of a refused value is looked for in its body, then its query. */
export interface RequestInput {
  body?: unknown;
  query?: unknown;
}

/**
 * The value PostgreSQL quotes in its message, if any: `date/time field value out of range: "0000-01-01"`,
 * `value "100000000000000000000" is out of range for type bigint`, `invalid input syntax for type integer: "x"`.
 */
const QUOTED_VALUE = /"((?:[^"]|"")*)"/;

/** The paths (`guardians.1.since`) of every string in `input` equal to `value`. */
function pathsHolding(input: unknown, value: string, at: string[] = []): string[] {
  if (typeof input === 'string') return input === value ? [at.join('.')] : [];
  if (input === null || typeof input !== 'object') return [];
  return Object.entries(input).flatMap(([key, child]) => pathsHolding(child, value, [...at, key]));
}

/**
 * The field a refused value came from. PostgreSQL names the column when it can; a parameter it could not take (a
 * date of year 0) it only quotes: the field is then the one field of the body (else of the query) that holds exactly
 * that text. Two fields holding it, or none: no field (never a guess).
 */
function fieldOfRefusal(exception: unknown, input: RequestInput | undefined): string | null {
  const e = exception as { column?: unknown; message?: unknown; driverError?: { column?: unknown; message?: unknown } };
  const column = e.driverError?.column ?? e.column;
  if (typeof column === 'string' && column) return fieldOf(column);
  const message = e.driverError?.message ?? e.message;
  const quoted = typeof message === 'string' ? QUOTED_VALUE.exec(message) : null;
  if (!quoted || !input) return null;
  const value = quoted[1].replace(/""/g, '"');
  for (const part of [input.body, input.query]) {
    const paths = pathsHolding(part, value);
    if (paths.length === 1 && paths[0]) return paths[0];
    if (paths.length > 1) return null;
  }
  return null;
}

/**
 * What PostgreSQL refuses in a value (SQLSTATE class 22: a character it cannot store, a number or a date out
 * of range, text too long, text that is not of the column's type). Every value reaches SQL as a parameter,
 * so such a value came from the client, whatever the service: 400 with what is wrong, naming the field when
 * it can be told (fieldOfRefusal); never a 500 and never the SQL or the value. Null for any other error.
 */
export function databaseValueError(
  exception: unknown,
  input?: RequestInput,
): { status: number; message: string; errors?: FieldError[] } | null {
  const code = databaseErrorCode(exception);
  if (!code || !DATA_EXCEPTION.test(code)) return null;
  const entry = VALUE_ERRORS[code] ?? COMMON_ERRORS.valueInvalid;
  const message = entry.message();
  const field = fieldOfRefusal(exception, input);
  return { status: entry.status, message, ...(field ? { errors: [{ path: field, message }] } : {}) };
}

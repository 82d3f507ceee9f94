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

/**
 * What PostgreSQL refuses in a value (SQLSTATE class 22: a character it cannot store, a number or a date out
 * of range, text too long, text that is not of the column's type). Every value reaches SQL as a parameter,
 * so such a value came from the client, whatever the service: 400 with what is wrong, naming the field when
 * PostgreSQL names the column; never a 500 and never the SQL. Null for any other error.
 */
export function databaseValueError(exception: unknown): { status: number; message: string; errors?: FieldError[] } | null {
  const code = databaseErrorCode(exception);
  if (!code || !DATA_EXCEPTION.test(code)) return null;
  const entry = VALUE_ERRORS[code] ?? COMMON_ERRORS.valueInvalid;
  const message = entry.message();
  const e = exception as { column?: unknown; driverError?: { column?: unknown } };
  const column = e.driverError?.column ?? e.column;
  return { status: entry.status, message, ...(typeof column === 'string' && column ? { errors: [{ path: fieldOf(column), message }] } : {}) };
}

/**
 * Field builders shared by the bodies. Bodies arrive as JSON or as multipart form fields (where
 * every value is a string and an empty input is ''), so each builder accepts both readings and
 * reports the product's '<Field> is required' message for a missing value.
 */
import { z } from 'zod';
import { isValidIsoDate } from './dates';
import { rulesToday } from './today';
import { type Money, readMoney, toCents } from './money';
import { textCharacterMessage, textCharacterProblem, type TextLines } from './text-characters';

export const DEFAULT_TEXT_MAX = 255;
export const LONG_TEXT_MAX = 5000;

/** '' or whitespace only, null and undefined: "nothing was entered". */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Treats blank values and the given placeholder values (e.g. 'all', 'none') as absent. */
export function blankAs<T>(replacement: T, placeholders: readonly string[] = []) {
  return (value: unknown): unknown =>
    isBlank(value) || (typeof value === 'string' && placeholders.includes(value.trim())) ? replacement : value;
}

export interface TextOptions {
  /** 'multi' (a textarea) keeps tabs and line breaks; 'single' (the default) refuses them. */
  lines?: TextLines;
  /** Trimmed unless false (a password is taken as typed). */
  trim?: boolean;
  /** The message when the value is not a string; `<label> must be text` by default. */
  error?: string;
}

/**
 * Text as every body and query takes it, the one rule each text field is built on: a string, trimmed, with
 * no control character (a multi-line text keeps tabs and line breaks) and no lone UTF-16 surrogate, which
 * PostgreSQL cannot store (`textCharacterProblem`); 400 with `<label> must not contain control characters`.
 * Chain `.min`, `.max`, `.regex` on it as on `z.string()`.
 */
export function textField(label: string, { lines = 'single', trim = true, error }: TextOptions = {}) {
  const string = z.string({ error: error ?? `${label} must be text` });
  return (trim ? string.trim() : string).superRefine((value, ctx) => {
    const problem = textCharacterProblem(value, lines);
    if (problem) ctx.addIssue({ code: 'custom', message: textCharacterMessage(label, problem), input: value });
  });
}

/** A required text, trimmed; blank gives `requiredMessage`. */
export function requiredText(
  requiredMessage: string,
  label: string,
  max: number = DEFAULT_TEXT_MAX,
  lines: TextLines = 'single',
) {
  return textField(label, { lines, error: requiredMessage })
    .min(1, requiredMessage)
    .max(max, `${label} must be ${max} characters or less`);
}

/** An optional text, trimmed; blank becomes null. */
export function optionalText(label: string, max: number = LONG_TEXT_MAX, lines: TextLines = 'single') {
  return z
    .preprocess(
      blankAs(null),
      textField(label, { lines }).max(max, `${label} must be ${max} characters or less`).nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
}

/** One of a fixed list; blank gives `requiredMessage`, another value `<label> must be one of ...`. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  requiredMessage: string,
  label: string,
) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(values, {
      error: (issue) => (isBlank(issue.input) ? requiredMessage : `${label} must be one of: ${values.join(', ')}`),
    }),
  );
}

/** A required `YYYY-MM-DD` calendar date. */
export function requiredIsoDate(requiredMessage: string, label: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => value === '' || isValidIsoDate(value), `${label} must be a valid date (YYYY-MM-DD)`);
}

/** `<label> cannot be in the future`. */
export function futureDateMessage(label: string): string {
  return `${label} cannot be in the future`;
}

/**
 * A required `YYYY-MM-DD` date that has come: today on the foundation's calendar or earlier (`rulesToday`),
 * for what cannot have happened yet (a birth, a consent given, money received or spent).
 */
export function requiredPastIsoDate(requiredMessage: string, label: string) {
  return requiredIsoDate(requiredMessage, label).refine(
    (value) => !isValidIsoDate(value) || value <= rulesToday(),
    futureDateMessage(label),
  );
}

/** An optional `YYYY-MM-DD` date; blank becomes null. */
export function optionalIsoDate(label: string) {
  return z
    .preprocess(
      blankAs(null),
      z
        .string({ error: `${label} must be a valid date (YYYY-MM-DD)` })
        .trim()
        .refine(isValidIsoDate, `${label} must be a valid date (YYYY-MM-DD)`)
        .nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
}

export interface MoneyFieldMessages {
  /** When nothing was entered. */
  required: string;
  /** When the text is not an amount, or the amount is out of range. */
  invalid: string;
  /** When the amount has more than two decimals (see `tooManyDecimalsMessage`). */
  tooManyDecimals: string;
  /** 'positive' (> 0, the default) or 'nonNegative' (>= 0). */
  range?: 'positive' | 'nonNegative';
}

/** "Amount must have at most 2 decimal places": an amount is never rounded to fit. */
export function tooManyDecimalsMessage(label: string): string {
  return `${label} must have at most 2 decimal places`;
}

/**
 * An amount typed by a person or sent as a JSON number, normalised to Money ("1500" -> "1500.00").
 * More than two decimals is refused with its own message, for a number as for a string; see `readMoney`.
 */
export function moneyField({ required, invalid, tooManyDecimals, range = 'positive' }: MoneyFieldMessages) {
  return z.unknown().transform((value, ctx): Money => {
    if (isBlank(value)) {
      ctx.issues.push({ code: 'custom', message: required, input: value });
      return z.NEVER;
    }
    const reading = readMoney(value);
    if (!('amount' in reading)) {
      ctx.issues.push({
        code: 'custom',
        message: reading.problem === 'tooManyDecimals' ? tooManyDecimals : invalid,
        input: value,
      });
      return z.NEVER;
    }
    const cents = toCents(reading.amount);
    if (range === 'positive' ? cents <= 0n : cents < 0n) {
      ctx.issues.push({ code: 'custom', message: invalid, input: value });
      return z.NEVER;
    }
    return reading.amount;
  });
}

/** true/false as a JSON boolean or as the form strings 'true'/'false'. */
export function booleanField(label: string) {
  return z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: `${label} must be true or false` }),
  );
}

/** A whole number sent as a JSON number or a form string. */
export function integerField(requiredMessage: string, invalidMessage: string, min: number, max: number) {
  return z.unknown().transform((value, ctx): number => {
    if (isBlank(value)) {
      ctx.issues.push({ code: 'custom', message: requiredMessage, input: value });
      return z.NEVER;
    }
    const number = typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
      ctx.issues.push({ code: 'custom', message: invalidMessage, input: value });
      return z.NEVER;
    }
    return number;
  });
}

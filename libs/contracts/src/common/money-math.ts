// Money's arithmetic and reading, without zod: screens that add up or show amounts use these without
// loading the schemas (money.ts adds the Money schema).
import type { Money } from './money';

/**
 * Money travels as a decimal string with exactly two places: "1500.00", "-20.50".
 * Arithmetic goes through integer cents (BigInt), never through floating point.
 */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;

export const CURRENCIES = ['KSH', 'KES'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isMoney(value: unknown): value is Money {
  return typeof value === 'string' && MONEY_PATTERN.test(value);
}

/** "1500.50" -> 150050n. Throws on anything that is not a Money string. */
export function toCents(amount: Money): bigint {
  if (!isMoney(amount)) throw new TypeError(`Not a money amount: ${String(amount)}`);
  const negative = amount.startsWith('-');
  const digits = (negative ? amount.slice(1) : amount).replace('.', '');
  const cents = BigInt(digits);
  return negative ? -cents : cents;
}

/** 150050n -> "1500.50". */
export function fromCents(cents: bigint): Money {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const GROUPED_DECIMAL = /^([+-]?)(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/** What `readMoney` found: the amount, or why it is none. */
export type MoneyReading = { amount: Money } | { problem: 'notAmount' | 'tooManyDecimals' };

/** Sign, whole and fraction digits of a decimal text -> cents; digits past the cent only when `round`. */
function decimalToCents(sign: string, whole: string, fraction: string, round: boolean): MoneyReading {
  if (whole === '' && fraction === '') return { problem: 'notAmount' };
  // Trailing zeros add no precision: "2.500" is 2.50 (and the JSON number 2.500 arrives as 2.5).
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > 2 && !round) return { problem: 'tooManyDecimals' };
  let cents = BigInt((whole || '0') + (significant + '00').slice(0, 2));
  // Half away from zero on the decimal digits themselves.
  if (significant.length > 2 && significant[2] >= '5') cents += 1n;
  return { amount: fromCents(sign === '-' ? -cents : cents) };
}

/**
 * The shortest decimal text that reads back as this number (what `String` gives), written out without an
 * exponent: 1.005 -> "1.005", 0.29 -> "0.29", 1e-7 -> "0.0000001", 1e21 -> "1000000000000000000000".
 * Deciding by this text, never by multiplying by 100, is what keeps 0.29 exact (0.29 * 100 is 28.999999999999996).
 */
function numberToDecimalText(value: number): string {
  const text = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!exponent) return text;
  const [, sign, first, rest = '', power] = exponent;
  const digits = first + rest;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function readDecimal(input: unknown, round: boolean): MoneyReading {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { problem: 'notAmount' };
    const match = PLAIN_DECIMAL.exec(numberToDecimalText(input));
    return match ? decimalToCents(match[1], match[2], match[3] ?? '', round) : { problem: 'notAmount' };
  }
  if (typeof input !== 'string') return { problem: 'notAmount' };
  const text = input.trim();
  const match = PLAIN_DECIMAL.exec(text) ?? GROUPED_DECIMAL.exec(text);
  if (!match) return { problem: 'notAmount' };
  return decimalToCents(match[1], match[2].replace(/,/g, ''), match[3] ?? '', round);
}

/**
 * Reads what a person typed, or a JSON number, as money, never rounding:
 * - strings: "1500", "1500.5", "1,500.50", " 1500.00 " -> "1500.50"-style;
 * - numbers by their shortest decimal text: 1500.5 -> "1500.50", 0.29 -> "0.29";
 * - more than two decimals (1.005, "1.005", 0.1 + 0.2) is `tooManyDecimals`, the same for a number and a string;
 * - anything else is `notAmount`.
 */
export function readMoney(input: unknown): MoneyReading {
  return readDecimal(input, false);
}

/** `readMoney`'s amount, or null when the input is no amount or has more than two decimals. */
export function parseMoney(input: unknown): Money | null {
  const reading = readMoney(input);
  return 'amount' in reading ? reading.amount : null;
}

export function addMoney(a: Money, b: Money): Money {
  return fromCents(toCents(a) + toCents(b));
}

export function subtractMoney(a: Money, b: Money): Money {
  return fromCents(toCents(a) - toCents(b));
}

/** -1, 0 or 1, like a sort comparator. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  const diff = toCents(a) - toCents(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

export function sumMoney(amounts: Iterable<Money>): Money {
  let total = 0n;
  for (const amount of amounts) total += toCents(amount);
  return fromCents(total);
}

export function isPositiveMoney(amount: Money): boolean {
  return toCents(amount) > 0n;
}

export function isNegativeMoney(amount: Money): boolean {
  return toCents(amount) < 0n;
}

export const ZERO_MONEY: Money = '0.00';

/**
 * Display text: formatMoney("1500", 'KSH') -> "KSH 1,500.00"; negatives as "KSH -1,500.00".
 * Accepts Money strings, typed strings and numbers; a display rounds what it is given to the cent (half away
 * from zero: 0.1 + 0.2 shows as 0.30), where `readMoney` refuses it. Throws on anything that is no amount.
 */
export function formatMoney(amount: Money | string | number, currency: Currency): string {
  const reading = readDecimal(amount, true);
  if (!('amount' in reading)) throw new TypeError(`Not a money amount: ${String(amount)}`);
  const parsed = reading.amount;
  const negative = parsed.startsWith('-');
  const [whole, fraction] = (negative ? parsed.slice(1) : parsed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${negative ? '-' : ''}${grouped}.${fraction}`;
}

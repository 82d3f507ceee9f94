import { z } from 'zod';

/**
 * Money travels as a decimal string with exactly two places: "1500.00", "-20.50".
 * Arithmetic goes through integer cents (BigInt), never through floating point.
 */
const MONEY_PATTERN = /^-?\d+\.\d{2}$/;

export const Money = z.string().regex(MONEY_PATTERN, 'Amount must be a decimal with two places, e.g. 1500.00');
export type Money = z.infer<typeof Money>;

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

function decimalToCents(sign: string, whole: string, fraction: string, roundExtraDigits: boolean): bigint | null {
  if (whole === '' && fraction === '') return null;
  if (fraction.length > 2 && !roundExtraDigits) return null;
  let cents = BigInt((whole || '0') + (fraction + '00').slice(0, 2));
  // Half away from zero on the decimal digits themselves.
  if (fraction.length > 2 && fraction[2] >= '5') cents += 1n;
  return sign === '-' ? -cents : cents;
}

/** The shortest decimal text of a finite number, without exponent notation. */
function numberToDecimalText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Tiny or huge numbers: 20 fraction digits is far beyond cents.
  return Math.abs(value) >= 1e21 ? BigInt(Math.trunc(value)).toString() : value.toFixed(20);
}

/**
 * Reads what a person typed (or a JSON number) as money.
 * - strings: "1500", "1500.5", "1,500.50", " 1500.00 " -> "1500.50"-style; more than two decimals is refused (null);
 * - numbers: 1500.5 -> "1500.50"; float noise such as 0.1 + 0.2 is rounded to the cent (half away from zero).
 * Returns null for anything that is not an amount.
 */
export function parseMoney(input: unknown): Money | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    const match = PLAIN_DECIMAL.exec(numberToDecimalText(input));
    if (!match) return null;
    const cents = decimalToCents(match[1], match[2], match[3] ?? '', true);
    return cents === null ? null : fromCents(cents);
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const match = PLAIN_DECIMAL.exec(text) ?? GROUPED_DECIMAL.exec(text);
  if (!match) return null;
  const cents = decimalToCents(match[1], match[2].replace(/,/g, ''), match[3] ?? '', false);
  return cents === null ? null : fromCents(cents);
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
 * Accepts Money strings, typed strings and numbers (read with `parseMoney`); throws on anything else.
 */
export function formatMoney(amount: Money | string | number, currency: Currency): string {
  const parsed = parseMoney(amount);
  if (parsed === null) throw new TypeError(`Not a money amount: ${String(amount)}`);
  const negative = parsed.startsWith('-');
  const [whole, fraction] = (negative ? parsed.slice(1) : parsed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${negative ? '-' : ''}${grouped}.${fraction}`;
}

import { phoneNumbersIn, type PhoneNumber } from '@kcf/contracts';

/** What a child's erasure looks for, as `beneficiaries.erasure.requested` carries it. */
export interface ErasureTexts {
  /** The child's full names. */
  names: readonly string[];
  /** The words of the child's name no other child's name has. */
  nameWords: readonly string[];
  /** The guardian's names (none when the guardian is another child's too). */
  guardianNames: readonly string[];
  /** The guardian's phone numbers, each in every written form. */
  phones: readonly string[];
}

/** The texts that name the child or its guardian wherever they are written: all but the words of the child's name. */
export function namingTexts(texts: ErasureTexts): string[] {
  return unique([...texts.names, ...texts.guardianNames, ...texts.phones]);
}

/** Every text the erasure looks for (the audit trail's redaction takes them all, the words of a search too). */
export function allTexts(texts: ErasureTexts): string[] {
  return unique([...texts.names, ...texts.nameWords, ...texts.guardianNames, ...texts.phones]);
}

/** A letter or digit on neither side: the text is a whole word (or words) of what it is found in. */
const WORD_START = '(?<![[:alnum:]_])';
const WORD_END = '(?![[:alnum:]_])';
/** What people write between the digits of a phone number. */
const PHONE_GAP = '[\\s().-]*';

/** `text` matching itself literally in a PostgreSQL regular expression (ARE). */
function literally(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/**
 * A PostgreSQL regular expression (ARE, to be used case-insensitively: `~*`, flag `i`) matching `name` as whole
 * words, with any run of spaces between its words: "Imani Chebet" matches "IMANI  chebet" but not "Imanis".
 */
export function namePattern(name: string): string | null {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return null;
  return `${WORD_START}${words.map(literally).join('\\s+')}${WORD_END}`;
}

/**
 * A PostgreSQL regular expression matching the phone number however it is written: spaces, dots, dashes and
 * brackets anywhere between its digits, and a Kenyan number with or without +254, 254, +254 (0) or 0 before it,
 * or with its first digits in brackets (0733 999 888, +254-733-999888, (0733) 999.888, 733999888), never inside a
 * longer number or an amount. A bracket around the whole number stays: "(0733 999 888)" becomes "(erased)".
 */
export function phonePattern(number: PhoneNumber): string {
  const spread = (digits: string) => digits.split('').join(PHONE_GAP);
  const end = '(?![.,]?[0-9])';
  if (!number.kenyan) return `(?<![0-9])\\+?${spread(number.digits)}${end}`;
  const bracketed = `\\(\\s*0?\\s*${spread(number.digits.slice(0, 3))}\\s*\\)${PHONE_GAP}${spread(number.digits.slice(3))}`;
  const prefixed = `(?:(?:\\+\\s*254|254)${PHONE_GAP}(?:0${PHONE_GAP})?|0${PHONE_GAP})?${spread(number.digits)}`;
  return `(?<![0-9])(?:${bracketed}|${prefixed})${end}`;
}

/**
 * One PostgreSQL regular expression (case-insensitive) matching every text of the erasure that names the child or
 * its guardian: its full names and the guardian's names as whole words, the guardian's phone numbers written any
 * way. Null when there is nothing to look for.
 */
export function erasurePattern(texts: ErasureTexts): string | null {
  const numbers = new Map<string, PhoneNumber>();
  for (const form of texts.phones)
    for (const number of phoneNumbersIn(form)) numbers.set(`${number.kenyan}:${number.digits}`, number);
  return anyOf([
    ...[...texts.names, ...texts.guardianNames].map(namePattern),
    ...[...numbers.values()].map(phonePattern),
  ]);
}

/** One PostgreSQL regular expression (case-insensitive) matching each word of the child's name alone; null when none. */
export function nameWordsPattern(texts: ErasureTexts): string | null {
  return anyOf(texts.nameWords.map(namePattern));
}

function anyOf(patterns: (string | null)[]): string | null {
  const distinct = unique(patterns.filter((p): p is string => p !== null));
  return distinct.length === 0 ? null : distinct.map((p) => `(?:${p})`).join('|');
}

function unique(texts: string[]): string[] {
  return [...new Set(texts.filter((text) => text.trim().length > 0))];
}

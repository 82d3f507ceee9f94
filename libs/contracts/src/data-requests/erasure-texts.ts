/**
 * The texts a child's erasure looks for beyond the child's full name, made from what the child's record holds:
 * the words of a name (a list search may have been typed with one of them) and the guardian's phone numbers in
 * every way people write them.
 */

/** Words shorter than this are not looked for alone (they are inside too many other words). */
export const NAME_WORD_MIN_LETTERS = 3;

/** The words of `name` that a search may have been typed with: letters and digits, at least NAME_WORD_MIN_LETTERS, each once. */
export function nameWords(name: string): string[] {
  const words = name
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => [...word].length >= NAME_WORD_MIN_LETTERS);
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A phone number found in a text: a Kenyan one as its 9 national digits, any other as all its digits (and as written). */
export interface PhoneNumber {
  digits: string;
  kenyan: boolean;
  /** Another country's number as the text wrote it. */
  written?: string;
}

/** A run of digits with the separators people put between them (spaces, dots, dashes, brackets), maybe after a `+`. */
const DIGIT_RUN = /\+?\d(?:[\s().-]*\d)*/gu;
/** Fewer digits than this is not a phone number (a house number, an age). */
const MIN_PHONE_DIGITS = 7;

/**
 * The phone numbers written in `text` (a guardian's phone field may hold two). A Kenyan number is recognised with
 * or without its country code or trunk zero — 0733 999 888, +254 733 999888, 254-733-999-888 and 733999888 are
 * all `{digits: '733999888', kenyan: true}`; two written one after the other (0712345678 0722345678) are two.
 */
export function phoneNumbersIn(text: string): PhoneNumber[] {
  const found = new Map<string, PhoneNumber>();
  for (const run of text.match(DIGIT_RUN) ?? []) {
    const digits = run.replace(/\D/g, '');
    if (digits.length < MIN_PHONE_DIGITS) continue;
    const kenyan = kenyanNumbers(digits);
    const numbers: PhoneNumber[] = kenyan
      ? kenyan.map((d) => ({ digits: d, kenyan: true }))
      : [{ digits, kenyan: false, written: run.trim() }];
    for (const number of numbers) found.set(`${number.kenyan}:${number.digits}`, number);
  }
  return [...found.values()];
}

/**
 * `digits` read as Kenyan numbers one after another (each 254 + 9, 0 + 9 or 9 digits; `+254 (0) 7…` is 2540 + 9),
 * or null when they are not.
 */
function kenyanNumbers(digits: string): string[] | null {
  if (digits.length === 0) return [];
  for (const prefix of ['2540', '254', '0', '']) {
    if (!digits.startsWith(prefix)) continue;
    const national = digits.slice(prefix.length, prefix.length + 9);
    if (!/^[1-9]\d{8}$/.test(national)) continue;
    const rest = kenyanNumbers(digits.slice(prefix.length + 9));
    if (rest) return [national, ...rest];
  }
  return null;
}

/** Separators between the groups of a written number. */
const SEPARATORS = ['', ' ', '-'];

/**
 * Every written form of a phone number, for searches that match text as it is (ILIKE). A Kenyan number: its 9
 * digits alone, after 0, after +254 and after 254, each unbroken or grouped 3-3-3 or 3-6 with spaces or dashes
 * (0733999888, 0733 999 888, 0733-999888, +254 733 999 888, 254733999888, ...). Any other number: its digits,
 * with a leading +, and as it was written.
 */
export function phoneForms(number: PhoneNumber): string[] {
  if (!number.kenyan) return unique([number.digits, `+${number.digits}`, ...(number.written ? [number.written] : [])]);
  const [a, b, c] = [number.digits.slice(0, 3), number.digits.slice(3, 6), number.digits.slice(6)];
  const bodies = SEPARATORS.flatMap((sep) => [`${a}${sep}${b}${sep}${c}`, `${a}${sep}${b}${c}`]);
  const forms = bodies.flatMap((body) => [
    body,
    `0${body}`,
    ...SEPARATORS.flatMap((sep) => [`+254${sep}${body}`, `254${sep}${body}`]),
  ]);
  return unique(forms);
}

/** Every written form of every phone number in `text` (see phoneNumbersIn and phoneForms). */
export function phoneFormsIn(text: string): string[] {
  return unique(phoneNumbersIn(text).flatMap(phoneForms));
}

function unique(texts: string[]): string[] {
  return [...new Set(texts)];
}

/**
 * The characters no text input holds. The C0 control characters (U+0000 to U+001F) and DEL: no one types
 * them, a screen cannot show them, and PostgreSQL cannot store NUL at all; a multi-line text (a textarea)
 * keeps its tabs and line breaks (tab, line feed, carriage return), a one-line text has none. And a lone
 * UTF-16 surrogate (half of a character, e.g. "\ud800" in JSON), which has no UTF-8 form, so PostgreSQL
 * cannot store it either.
 */
export type TextLines = 'single' | 'multi';

export type TextCharacterProblem = 'control' | 'lineBreak' | 'surrogate';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DEL = 0x7f;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The first thing wrong with the characters of `value`, or null when every one of them may be kept. */
export function textCharacterProblem(value: string, lines: TextLines = 'single'): TextCharacterProblem | null {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === DEL) {
      if (code === LINE_FEED || code === CARRIAGE_RETURN) {
        if (lines === 'single') return 'lineBreak';
      } else if (code !== TAB || lines === 'single') {
        return 'control';
      }
    } else if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(i + 1))) return 'surrogate';
      i += 1;
    } else if (isLowSurrogate(code)) {
      return 'surrogate';
    }
  }
  return null;
}

/** The field message for a problem: "Source must not contain control characters". */
export function textCharacterMessage(label: string, problem: TextCharacterProblem): string {
  if (problem === 'lineBreak') return `${label} must be a single line`;
  if (problem === 'surrogate') return `${label} must not contain unpaired surrogate characters`;
  return `${label} must not contain control characters`;
}

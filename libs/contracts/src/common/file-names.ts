/**
 * The name an uploaded file is kept and listed under, cleaned once before it is stored (svc-beneficiaries'
 * documents, svc-finance's receipts). A name is shown to people and offered back as a download name, so it
 * keeps no folder part and no character that is not a visible part of the name:
 * - bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C): "a\u202Efdp.exe" reads as "aexe.pdf";
 * - every other control character: C0, DEL, C1, and the line and paragraph separators U+2028/U+2029.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** The longest name kept, in characters (the columns are varchar(255)). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The name without bidi and other control characters (the rest of it untouched). */
export function withoutControlCharacters(name: string): string {
  return name.replace(INVISIBLE, '');
}

/**
 * The last path segment of `name`, without bidi and control characters, trimmed, at most 255 characters
 * (keeping a short extension); `fallback` when nothing usable is left ('', '.', '..').
 */
export function cleanFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = withoutControlCharacters(base).trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return fallback;
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = chars.lastIndexOf('.');
  const suffix = dot > 0 && chars.length - dot <= 10 ? chars.slice(dot) : [];
  return [...chars.slice(0, MAX_FILE_NAME_LENGTH - suffix.length), ...suffix].join('');
}

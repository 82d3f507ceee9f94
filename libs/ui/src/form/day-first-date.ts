/** Dates typed day first (DD/MM/YYYY), whatever the browser's language, kept as `YYYY-MM-DD` for the forms. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * The `YYYY-MM-DD` of a date typed day first: '24/11/2026', '5.1.2026', '24-11-2026', '24112026', or a
 * pasted '2026-11-24'. Null when the text names no real day (31/02/2026) or is not a date.
 */
export function parseDayFirst(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = DAY_FIRST.exec(value) ?? DIGITS_ONLY.exec(value);
  if (!parts) return null;
  return isoOf(Number(parts[3]), Number(parts[2]), Number(parts[1]));
}

/** What a date input shows for a form's value: '2026-11-24' as '24/11/2026'; anything else as it is. */
export function dayFirstText(value: string): string {
  const iso = ISO_DATE.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

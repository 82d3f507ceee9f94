/** Spreadsheet formulas start with these; a cell that starts with one is read as text (prefixed with '). */
const FORMULA_START = /^[=@\t\r]/;
/** + and - start formulas too, but also phone numbers (+254 712 345678) and amounts (-0.25): only those are left alone. */
const SIGNED_NOT_A_NUMBER = /^[+-](?![\d\s().,-]*$)/;
/**
 * Text a spreadsheet would read as a number and change: a leading 0 (0712345678 → 712345678), a leading +
 * (+254712345678 → 254712345678), or 12 digits or more (shown as 2.54712E+11, and cut after 15).
 */
const NUMBER_LOSING_TEXT = /^(?:0\d+|\+\d+|\d{12,})$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; formula-looking text neutralised.
 * Text that a spreadsheet would turn into a different number (phone numbers, ids of digits) is written as the
 * text formula ="0712345678", which Excel and LibreOffice both show as 0712345678, kept as text; it holds only
 * digits and +, so it runs nothing. Numbers and amounts stay plain, so that spreadsheets read them as numbers.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    if (NUMBER_LOSING_TEXT.test(text)) text = `="${text}"`;
    else if (FORMULA_START.test(text) || SIGNED_NOT_A_NUMBER.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of `values` (each a `csvCell`), ended with CRLF. */
export function csvLine(values: (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

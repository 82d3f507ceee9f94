/** Spreadsheet formulas start with these; a cell that starts with one is read as text (prefixed with '). */
const FORMULA_START = /^[=@\t\r]/;
/** + and - start formulas too, but also phone numbers (+254 712 345678): only those are left alone. */
const SIGNED_NOT_A_NUMBER = /^[+-](?![\d\s()-]*$)/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; formula-looking text neutralised. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && (FORMULA_START.test(text) || SIGNED_NOT_A_NUMBER.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

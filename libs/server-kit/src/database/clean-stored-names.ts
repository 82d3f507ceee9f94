/**
 * SQL that removes from a text column what `cleanFileName` (libs/contracts) keeps out of new names: bidi
 * controls and other control characters. For migrations that clean names stored before that rule.
 */
export function cleanStoredNamesSql(table: string, column: string): string {
  const invisible = `'[\\u0001-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]'`;
  return `UPDATE ${table} SET ${column} = regexp_replace(${column}, ${invisible}, '', 'g') WHERE ${column} ~ ${invisible}`;
}

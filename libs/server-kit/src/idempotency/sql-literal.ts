/**
 * A value written into SQL text as a literal, for the few statements sent with BEGIN or COMMIT in one
 * round trip (the simple protocol takes no parameters): quotes doubled, and a string holding a backslash
 * written as an E'' literal with its backslashes doubled (what pg's escapeLiteral does). Refuses NUL, which
 * PostgreSQL text cannot hold.
 */
export function sqlLiteral(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`Not an integer: ${value}`);
    return String(value);
  }
  if (value.includes('\0')) throw new TypeError('A SQL literal cannot hold NUL');
  const quoted = `'${value.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
  return value.includes('\\') ? `E${quoted}` : quoted;
}

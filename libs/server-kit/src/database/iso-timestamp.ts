/**
 * SQL for a timestamp as ISO 8601 UTC text with milliseconds, as `Date.prototype.toISOString` writes it (both
 * drop the microseconds): for JSON a list's page has the database build, so the service neither parses nor
 * formats each timestamp.
 */
export function isoTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

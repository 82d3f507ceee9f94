/** `date BETWEEN from AND to` pieces for a list's optional date range. */
export function dateRangeWhere(alias: string, range: { from: string | null; to: string | null }): { sql: string; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (range.from) {
    parts.push(`${alias}.date >= :from`);
    params.from = range.from;
  }
  if (range.to) {
    parts.push(`${alias}.date <= :to`);
    params.to = range.to;
  }
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

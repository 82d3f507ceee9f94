import { daysInMonth, parseIsoDate, type FinanceListQuery } from '@kcf/contracts';
import type { AuditTrail } from '@kcf/server-kit';

/**
 * The Monthly Report has no route of its own: the Finances page (mf-finance `use-monthly-report.ts`) reads the
 * month's income and expenses through the lists, `from` the month's first day `to` its last, page by page, with
 * `purpose=monthly-report`, and builds the file in the browser. Returns the month (`YYYY-MM`) for the first page
 * of such a read, null for anything else.
 */
export function monthlyReportMonth(query: FinanceListQuery): string | null {
  if (query.purpose !== 'monthly-report' || !query.from || !query.to || query.offset !== 0) return null;
  const from = parseIsoDate(query.from);
  const to = parseIsoDate(query.to);
  if (!from || !to || from.year !== to.year || from.month !== to.month) return null;
  if (from.day !== 1 || to.day !== daysInMonth(to.year, to.month)) return null;
  return query.from.slice(0, 7);
}

/**
 * The export entry (`monthly-report`) of one of the report's two reads, awaited before the list is answered:
 * the month, which records it took and how many there are.
 */
export async function recordMonthlyReportRead(audit: AuditTrail, records: 'income' | 'expenses', query: FinanceListQuery, total: number): Promise<void> {
  const month = monthlyReportMonth(query);
  if (month) await audit.exported({ entityType: 'monthly-report', entityId: month, details: { month, records, rows: total } });
}

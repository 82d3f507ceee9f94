import { type DateInput, toCalendarDate } from '../common/dates';

/** GET /api/beneficiaries/export.csv takes the list's filters and sort (not its paging) and streams every row. */
export const BENEFICIARY_EXPORT_PATH = '/api/beneficiaries/export.csv';

/** `Beneficiaries_Report_YYYY_MM_DD.csv`, dated on the foundation's calendar. */
export function beneficiaryExportFileName(today: DateInput): string {
  const { year, month, day } = toCalendarDate(today);
  const two = (n: number) => String(n).padStart(2, '0');
  return `Beneficiaries_Report_${year}_${two(month)}_${two(day)}.csv`;
}

import {
  FOUNDATION_TIME_ZONE,
  calendarDateAt,
  daysInMonth,
  formatIsoDate,
  categoryLabel,
  formatMoney,
  toCents,
  type Money,
  type MonthlyReport,
} from '@kcf/contracts';
import { foundationTimestamp } from '../../shared/dates';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface MonthlyReportFile {
  fileName: string;
  text: string;
}

interface Group {
  label: string;
  total: Money;
  count: number;
}

/** Largest total first, then by label. */
function byTotalThenLabel(a: Group, b: Group): number {
  const diff = toCents(b.total) - toCents(a.total);
  return diff > 0n ? 1 : diff < 0n ? -1 : a.label.localeCompare(b.label);
}

function breakdownLines(groups: Group[]): string[] {
  if (groups.length === 0) return ['  (none)'];
  return [...groups]
    .sort(byTotalThenLabel)
    .map((g) => `  ${g.label}: ${formatMoney(g.total, 'KSH')} (${g.count} ${g.count === 1 ? 'entry' : 'entries'})`);
}

/** One half of the report: its heading, total, number of entries and breakdown, then a blank line. */
function section(
  [heading, total, entries, by]: [string, string, string, string],
  sum: { total: Money; count: number },
  groups: Group[],
): string[] {
  return [
    heading,
    '-'.repeat(50),
    `${total}: ${formatMoney(sum.total, 'KSH')}`,
    `${entries}: ${sum.count}`,
    `${by}:`,
    ...breakdownLines(groups),
    '',
  ];
}

/**
 * The Monthly Report's file, written from the server's report (GET /api/reports/monthly): a plain-text file named
 * after the year and month, with the month's income and expense totals, counts and breakdowns (largest first), the
 * net balance marked SURPLUS or DEFICIT, and when the server made it. The one place the file is written.
 */
export function monthlyReportFile(report: MonthlyReport): MonthlyReportFile {
  const [year, month] = report.month.split('-').map(Number);
  const rule = '='.repeat(50);
  const lines = [
    "KAKAMEGA CHILDREN'S FOUNDATION",
    'MONTHLY FINANCIAL REPORT',
    rule,
    `Month: ${MONTH_NAMES[month - 1]} ${year}`,
    `Generated: ${foundationTimestamp(new Date(report.generatedAt))}`,
    '',
    ...section(
      ['INCOME', 'Total Income', 'Number of Income Entries', 'Income by Source'],
      report.income,
      report.income.bySource,
    ),
    ...section(
      ['EXPENSES', 'Total Expenses', 'Number of Expense Entries', 'Expenses by Category'],
      report.expenses,
      report.expenses.byCategory.map((g) => ({ label: categoryLabel(g.category), total: g.total, count: g.count })),
    ),
    'SUMMARY',
    '-'.repeat(50),
    `Net Balance: ${formatMoney(report.net, 'KSH')} (${toCents(report.net) >= 0n ? 'SURPLUS' : 'DEFICIT'})`,
    rule,
    '',
  ];
  return { fileName: `Monthly_Report_${year}_${String(month).padStart(2, '0')}.txt`, text: lines.join('\n') };
}

/** The first and last day of the month `now` falls in on the foundation's clock, as `YYYY-MM-DD`. */
export function monthRange(now: Date, timeZone: string = FOUNDATION_TIME_ZONE): { from: string; to: string } {
  const { year, month } = calendarDateAt(now, timeZone);
  return {
    from: formatIsoDate({ year, month, day: 1 }),
    to: formatIsoDate({ year, month, day: daysInMonth(year, month) }),
  };
}

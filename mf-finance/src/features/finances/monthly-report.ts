import {
  FOUNDATION_TIME_ZONE,
  calendarDateAt,
  daysInMonth,
  formatIsoDate,
  categoryLabel,
  formatMoney,
  subtractMoney,
  sumMoney,
  toCents,
  type Expense,
  type Income,
  type Money,
} from '@kcf/contracts';
import { foundationTimestamp } from '../../shared/dates';

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

export interface MonthlyReport {
  fileName: string;
  text: string;
}

interface Group {
  label: string;
  total: Money;
  count: number;
}

/** Totals per label, largest first (then by label). */
function breakdown<T extends { amount: Money }>(records: readonly T[], labelOf: (record: T) => string): Group[] {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const label = labelOf(record);
    groups.set(label, [...(groups.get(label) ?? []), record]);
  }
  return [...groups.entries()]
    .map(([label, list]) => ({ label, total: sumMoney(list.map((r) => r.amount)), count: list.length }))
    .sort((a, b) => {
      const diff = toCents(b.total) - toCents(a.total);
      return diff > 0n ? 1 : diff < 0n ? -1 : a.label.localeCompare(b.label);
    });
}

function breakdownLines(groups: Group[]): string[] {
  if (groups.length === 0) return ['  (none)'];
  return groups.map((g) => `  ${g.label}: ${formatMoney(g.total, 'KSH')} (${g.count} ${g.count === 1 ? 'entry' : 'entries'})`);
}

/** The year and month asked (`YYYY-MM`), else the month `now` falls in on the foundation's clock. */
function reportMonth(now: Date, timeZone: string, month?: string): { year: number; month: number } {
  const asked = month && /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  return asked ? { year: Number(asked[1]), month: Number(asked[2]) } : calendarDateAt(now, timeZone);
}

/**
 * The Monthly Report: a plain-text file named after the year and month, with the
 * month's (the one asked, else the current one) income and expense totals, counts and breakdowns, the net balance marked SURPLUS or
 * DEFICIT, and when it was generated. Records of other months are left out.
 */
export function buildMonthlyReport(
  { incomes, expenses, now, month: asked }: { incomes: readonly Income[]; expenses: readonly Expense[]; now: Date; month?: string },
  timeZone: string = FOUNDATION_TIME_ZONE,
): MonthlyReport {
  const { year, month } = reportMonth(now, timeZone, asked);
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  const monthIncomes = incomes.filter((i) => i.date.startsWith(prefix));
  const monthExpenses = expenses.filter((e) => e.date.startsWith(prefix));
  const totalIncome = sumMoney(monthIncomes.map((i) => i.amount));
  const totalExpenses = sumMoney(monthExpenses.map((e) => e.amount));
  const net = subtractMoney(totalIncome, totalExpenses);
  const monthName = `${MONTH_NAMES[month - 1]} ${year}`;
  const rule = '='.repeat(50);

  const lines = [
    "KAKAMEGA CHILDREN'S FOUNDATION",
    'MONTHLY FINANCIAL REPORT',
    rule,
    `Month: ${monthName}`,
    `Generated: ${foundationTimestamp(now)}`,
    '',
    'INCOME',
    '-'.repeat(50),
    `Total Income: ${formatMoney(totalIncome, 'KSH')}`,
    `Number of Income Entries: ${monthIncomes.length}`,
    'Income by Source:',
    ...breakdownLines(breakdown(monthIncomes, (i) => i.source)),
    '',
    'EXPENSES',
    '-'.repeat(50),
    `Total Expenses: ${formatMoney(totalExpenses, 'KSH')}`,
    `Number of Expense Entries: ${monthExpenses.length}`,
    'Expenses by Category:',
    ...breakdownLines(breakdown(monthExpenses, (e) => categoryLabel(e.category))),
    '',
    'SUMMARY',
    '-'.repeat(50),
    `Net Balance: ${formatMoney(net, 'KSH')} (${toCents(net) >= 0n ? 'SURPLUS' : 'DEFICIT'})`,
    rule,
    '',
  ];
  return { fileName: `Monthly_Report_${year}_${String(month).padStart(2, '0')}.txt`, text: lines.join('\n') };
}

/**
 * The first and last day of the month asked (`YYYY-MM`), else of the month `now` falls in, as `YYYY-MM-DD`: the
 * dates the report covers.
 */
export function monthRange(now: Date, timeZone: string = FOUNDATION_TIME_ZONE, asked?: string): { from: string; to: string } {
  const { year, month } = reportMonth(now, timeZone, asked);
  return { from: formatIsoDate({ year, month, day: 1 }), to: formatIsoDate({ year, month, day: daysInMonth(year, month) }) };
}

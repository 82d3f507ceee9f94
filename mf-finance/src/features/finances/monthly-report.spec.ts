import {
  monthlyReportTotals,
  type MonthlyExpenseGroup,
  type MonthlyIncomeGroup,
  type MonthlyReport,
} from '@kcf/contracts';
import { monthlyReportFile, monthRange } from './monthly-report';

// 31 March 2025, 23:30 in Nairobi (20:30 UTC): still March there.
const now = new Date('2025-03-31T20:30:00Z');

/** The answer of GET /api/reports/monthly for these groups, generated `now`. */
function model(month: string, bySource: MonthlyIncomeGroup[], byCategory: MonthlyExpenseGroup[]): MonthlyReport {
  const totals = monthlyReportTotals(bySource, byCategory);
  return {
    month,
    generatedAt: now.toISOString(),
    income: { ...totals.income, bySource },
    expenses: { ...totals.expenses, byCategory },
    net: totals.net,
  };
}

describe('monthlyReportFile', () => {
  const march = model(
    '2025-03',
    [
      { label: 'Rotary Club', total: '5000.00', count: 1 },
      { label: 'Church harambee', total: '10000.30', count: 2 },
    ],
    [
      { category: 'health', total: '0.10', count: 1 },
      { category: 'school_fees', total: '2500.00', count: 1 },
    ],
  );

  it('is a plain text file named after the year and month', () => {
    expect(monthlyReportFile(march).fileName).toBe('Monthly_Report_2025_03.txt');
    expect(monthlyReportFile(model('2024-12', [], [])).fileName).toBe('Monthly_Report_2024_12.txt');
  });

  it("holds the month's totals, counts and breakdowns to the cent, largest first, and when the server made it", () => {
    const { text } = monthlyReportFile(march);
    expect(text).toContain('Month: March 2025');
    expect(text).toContain('Generated: 2025-03-31 23:30 EAT');
    expect(text).toContain('Total Income: KSH 15,000.30');
    expect(text).toContain('Number of Income Entries: 3');
    expect(text).toContain(
      'Income by Source:\n  Church harambee: KSH 10,000.30 (2 entries)\n  Rotary Club: KSH 5,000.00 (1 entry)\n',
    );
    expect(text).toContain('Total Expenses: KSH 2,500.10');
    expect(text).toContain('Number of Expense Entries: 2');
    expect(text).toContain(
      'Expenses by Category:\n  School Fees: KSH 2,500.00 (1 entry)\n  Health: KSH 0.10 (1 entry)\n',
    );
    expect(text).toContain('Net Balance: KSH 12,500.20 (SURPLUS)');
  });

  it('orders groups of the same amount by their label', () => {
    const { text } = monthlyReportFile(
      model(
        '2025-03',
        [],
        [
          { category: 'school_fees', total: '100.00', count: 1 },
          { category: 'admin', total: '100.00', count: 1 },
        ],
      ),
    );
    expect(text).toContain(
      'Expenses by Category:\n  Administrative: KSH 100.00 (1 entry)\n  School Fees: KSH 100.00 (1 entry)\n',
    );
  });

  it('marks a month that spent more than it received as a DEFICIT', () => {
    const { text } = monthlyReportFile(
      model(
        '2025-03',
        [{ label: 'Donor', total: '100.00', count: 1 }],
        [{ category: 'other', total: '100.01', count: 1 }],
      ),
    );
    expect(text).toContain('Net Balance: KSH -0.01 (DEFICIT)');
  });

  it('says so when a month has no records', () => {
    const { text } = monthlyReportFile(model('2025-03', [], []));
    expect(text).toContain('Total Income: KSH 0.00');
    expect(text).toContain('Number of Expense Entries: 0');
    expect(text).toContain('  (none)');
    expect(text).toContain('Net Balance: KSH 0.00 (SURPLUS)');
  });
});

describe('monthRange', () => {
  it('is the current month in Nairobi, first to last day', () => {
    expect(monthRange(new Date('2025-03-31T21:30:00Z'))).toEqual({ from: '2025-04-01', to: '2025-04-30' });
    expect(monthRange(now)).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(monthRange(new Date('2024-02-10T10:00:00Z'))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

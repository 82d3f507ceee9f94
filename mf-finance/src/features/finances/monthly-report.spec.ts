import type { Expense, Income } from '@kcf/contracts';
import { buildMonthlyReport, monthRange } from './monthly-report';

const stamp = '2025-03-01T08:00:00.000Z';
const income = (amount: string, source: string, date: string): Income => ({
  id: `${source}-${date}`, amount, source, date, remarks: null, createdBy: null, createdAt: stamp, updatedAt: stamp,
});
const expense = (amount: string, category: Expense['category'], date: string): Expense => ({
  id: `${category}-${date}`, amount, category, beneficiaryId: null, date, description: 'x', receiptUrl: null,
  createdBy: null, createdAt: stamp, updatedAt: stamp,
});

// 31 March 2025, 23:30 in Nairobi (20:30 UTC): still March there.
const now = new Date('2025-03-31T20:30:00Z');

describe('buildMonthlyReport', () => {
  const incomes = [
    income('10000.10', 'Church harambee', '2025-03-02'),
    income('0.20', 'Church harambee', '2025-03-30'),
    income('5000.00', 'Rotary Club', '2025-03-15'),
    income('99999.00', 'Old pledge', '2025-02-28'),
  ];
  const expenses = [
    expense('2500.00', 'school_fees', '2025-03-04'),
    expense('0.10', 'health', '2025-03-31'),
    expense('700.00', 'admin', '2025-04-01'),
  ];

  it("is named after the month on the foundation's clock", () => {
    expect(buildMonthlyReport({ incomes, expenses, now }).fileName).toBe('Monthly_Report_2025_03.txt');
  });

  it("holds this month's totals, counts and breakdowns to the cent, and leaves other months out", () => {
    const { text } = buildMonthlyReport({ incomes, expenses, now });
    expect(text).toContain('Month: March 2025');
    expect(text).toContain('Total Income: KSH 15,000.30');
    expect(text).toContain('Number of Income Entries: 3');
    expect(text).toContain('  Church harambee: KSH 10,000.30 (2 entries)');
    expect(text).toContain('  Rotary Club: KSH 5,000.00 (1 entry)');
    expect(text).toContain('Total Expenses: KSH 2,500.10');
    expect(text).toContain('Number of Expense Entries: 2');
    expect(text).toContain('  School Fees: KSH 2,500.00 (1 entry)');
    expect(text).toContain('  Health: KSH 0.10 (1 entry)');
    expect(text).not.toContain('Old pledge');
    expect(text).not.toContain('Administrative');
    expect(text).toContain('Net Balance: KSH 12,500.20 (SURPLUS)');
    expect(text).toContain('Generated: 2025-03-31 23:30 EAT');
  });

  it('marks a month that spent more than it received as a DEFICIT', () => {
    const { text } = buildMonthlyReport({ incomes: [income('100.00', 'Donor', '2025-03-01')], expenses: [expense('100.01', 'other', '2025-03-02')], now });
    expect(text).toContain('Net Balance: KSH -0.01 (DEFICIT)');
  });

  it('says so when a month has no records', () => {
    const { text } = buildMonthlyReport({ incomes: [], expenses: [], now });
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

describe('a chosen month', () => {
  const incomes = [income('300.00', 'Rotary Club', '2024-12-05'), income('50.00', 'Church harambee', '2025-03-02')];
  const expenses = [expense('100.00', 'health', '2024-12-24')];

  it('reports the month asked, generated now', () => {
    const report = buildMonthlyReport({ incomes, expenses, now, month: '2024-12' });
    expect(report.fileName).toBe('Monthly_Report_2024_12.txt');
    expect(report.text).toContain('Month: December 2024');
    expect(report.text).toContain('Generated: 2025-03-31 23:30 EAT');
    expect(report.text).toContain('Total Income: KSH 300.00');
    expect(report.text).toContain('Net Balance: KSH 200.00 (SURPLUS)');
  });

  it('reads the first and last day of the month asked', () => {
    expect(monthRange(now, undefined, '2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

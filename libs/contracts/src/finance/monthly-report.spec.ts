import { setRulesClock } from '../common/today';
import { MonthlyReportQuery, monthlyReportTotals } from './monthly-report';

describe('MonthlyReportQuery', () => {
  beforeEach(() => setRulesClock(() => new Date('2026-11-28T08:00:00Z')));
  afterEach(() => setRulesClock(null));

  const issues = (query: unknown) =>
    MonthlyReportQuery.safeParse(query).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it("takes a month that has begun, and is this month on the foundation's calendar when none is asked", () => {
    expect(MonthlyReportQuery.parse({ month: '2026-10' })).toEqual({ month: '2026-10' });
    expect(MonthlyReportQuery.parse({ month: '2026-11' })).toEqual({ month: '2026-11' });
    expect(MonthlyReportQuery.parse({})).toEqual({ month: '2026-11' });
    expect(MonthlyReportQuery.parse({ month: '' })).toEqual({ month: '2026-11' });
    // 30 November, 23:30 in Nairobi: still November there.
    setRulesClock(() => new Date('2026-11-30T20:30:00Z'));
    expect(MonthlyReportQuery.parse({})).toEqual({ month: '2026-11' });
  });

  it('refuses a month that has not begun', () => {
    expect(issues({ month: '2026-12' })).toEqual([
      ['month', 'A monthly report can only be made for this month or an earlier one'],
    ]);
    expect(issues({ month: '2027-01' })).toEqual([
      ['month', 'A monthly report can only be made for this month or an earlier one'],
    ]);
  });

  it('refuses anything but a year and a month', () => {
    for (const month of ['2026-13', '2026-00', '2026-1', '26-10', '2026-10-01', 'October']) {
      expect(issues({ month })).toEqual([['month', 'Month must be a year and month (YYYY-MM)']]);
    }
  });
});

describe('monthlyReportTotals', () => {
  it('sums the groups to the cent and marks the balance', () => {
    const income = [
      { label: 'Church harambee', total: '10000.30', count: 2 },
      { label: 'Rotary Club', total: '5000.00', count: 1 },
    ];
    const expenses = [
      { category: 'school_fees' as const, total: '2500.00', count: 1 },
      { category: 'health' as const, total: '0.10', count: 1 },
    ];
    expect(monthlyReportTotals(income, expenses)).toEqual({
      income: { total: '15000.30', count: 3 },
      expenses: { total: '2500.10', count: 2 },
      net: '12500.20',
    });
    expect(monthlyReportTotals([], [{ category: 'other', total: '0.01', count: 1 }]).net).toBe('-0.01');
    expect(monthlyReportTotals([], [])).toEqual({
      income: { total: '0.00', count: 0 },
      expenses: { total: '0.00', count: 0 },
      net: '0.00',
    });
  });
});

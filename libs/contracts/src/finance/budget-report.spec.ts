import { budgetReportTotals, compareBudgetsForReport } from './budget-report';

describe('budgetReportTotals', () => {
  it('sums planned, used and remaining to the cent', () => {
    const totals = budgetReportTotals([
      { plannedAmount: '0.10', usedAmount: '0.20' },
      { plannedAmount: '0.20', usedAmount: '0.10' },
      { plannedAmount: '150000.00', usedAmount: '162500.55' },
    ]);
    expect(totals).toEqual({ planned: '150000.30', used: '162500.85', remaining: '-12500.55' });
  });

  it('keeps every cent beyond the range where floats are exact', () => {
    const big = { plannedAmount: '999999999999.99', usedAmount: '0.01' };
    expect(budgetReportTotals([big, big, big])).toEqual({
      planned: '2999999999999.97',
      used: '0.03',
      remaining: '2999999999999.94',
    });
  });

  it('is zero for an empty report', () => {
    expect(budgetReportTotals([])).toEqual({ planned: '0.00', used: '0.00', remaining: '0.00' });
  });
});

describe('compareBudgetsForReport', () => {
  it('orders by term, then by the categories in the form order', () => {
    const rows = [
      { quarter: 'Term 2', category: 'health' },
      { quarter: 'Term 1', category: 'other' },
      { quarter: 'Term 1', category: 'school_fees' },
      { quarter: 'Term 2', category: 'school_fees' },
      { quarter: 'Term 1', category: 'special_needs' },
    ] as const;
    expect([...rows].sort(compareBudgetsForReport).map((r) => `${r.quarter}/${r.category}`)).toEqual([
      'Term 1/school_fees',
      'Term 1/special_needs',
      'Term 1/other',
      'Term 2/school_fees',
      'Term 2/health',
    ]);
  });
});

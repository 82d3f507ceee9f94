import { financeRecordLabel } from './finance-record-label';

describe('a finance record named in the audit log', () => {
  it('a budget by its category, term and year', () => {
    expect(
      financeRecordLabel('budget', { category: 'admin', quarter: 'Term 1', year: 2026, plannedAmount: '5000.00' }),
    ).toBe('Administrative, Term 1 2026');
  });

  it('an income by its source and date, an expense and its receipt by category and date', () => {
    expect(financeRecordLabel('income', { source: 'Rotary Club of Kakamega', date: '2026-01-10' })).toBe(
      'Rotary Club of Kakamega, 10 Jan 2026',
    );
    expect(financeRecordLabel('expense', { category: 'health', date: '2026-01-11', description: 'Clinic visit' })).toBe(
      'Health, 11 Jan 2026',
    );
    expect(financeRecordLabel('receipt', { category: 'school_fees', date: '2026-02-01' })).toBe(
      'School Fees, 1 Feb 2026',
    );
  });

  it('nothing when the facts do not say (erased values, another kind)', () => {
    expect(financeRecordLabel('budget', { category: 'erased', quarter: 'erased', year: 'erased' })).toBeNull();
    expect(financeRecordLabel('budget', { category: 'admin' })).toBeNull();
    expect(financeRecordLabel('income', { source: 'erased', date: 'erased' })).toBeNull();
    expect(financeRecordLabel('monthly-report', { month: '2026-01' })).toBeNull();
  });
});

import type { Expense, Income } from '@kcf/contracts';
import { transactionsFor } from './transactions';

const stamp = '2025-03-01T08:00:00.000Z';
const income = (id: string, date: string, extra: Partial<Income> = {}): Income => ({
  id, amount: '1000.00', source: 'Church harambee', date, remarks: null, createdBy: 'u1', createdAt: stamp, updatedAt: stamp, ...extra,
});
const expense = (id: string, date: string, extra: Partial<Expense> = {}): Expense => ({
  id, amount: '250.00', category: 'school_fees', beneficiaryId: null, date, description: 'Term fees', receiptUrl: null,
  createdBy: 'u1', createdAt: stamp, updatedAt: stamp, ...extra,
});

describe('transactionsFor', () => {
  const incomes = [income('i1', '2025-03-05', { remarks: 'March pledge' }), income('i2', '2025-01-10')];
  const expenses = [expense('e1', '2025-03-07', { category: 'special_needs' }), expense('e2', '2025-02-01')];

  it('merges income and expenses newest first, with the spec labels', () => {
    const rows = transactionsFor(incomes, expenses, 'all');
    expect(rows.map((r) => [r.type, r.description, r.categoryOrSource, r.date])).toEqual([
      ['expense', 'Term fees', 'Special Needs', '2025-03-07'],
      ['income', 'March pledge', 'Church harambee', '2025-03-05'],
      ['expense', 'Term fees', 'School Fees', '2025-02-01'],
      ['income', 'Income', 'Church harambee', '2025-01-10'],
    ]);
  });

  it('shows only income or only expenses when asked', () => {
    expect(transactionsFor(incomes, expenses, 'income').map((r) => r.key)).toEqual(['income-i1', 'income-i2']);
    expect(transactionsFor(incomes, expenses, 'expense').map((r) => r.key)).toEqual(['expense-e1', 'expense-e2']);
  });

  it('orders records of the same day by creation, newest first', () => {
    const rows = transactionsFor(
      [income('a', '2025-03-05', { createdAt: '2025-03-05T08:00:00.000Z' })],
      [expense('b', '2025-03-05', { createdAt: '2025-03-05T09:00:00.000Z' })],
      'all',
    );
    expect(rows.map((r) => r.key)).toEqual(['expense-b', 'income-a']);
  });
});

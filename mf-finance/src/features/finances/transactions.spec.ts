import type { Expense, Income } from '@kcf/contracts';
import { transactionRow } from './transactions';

const stamp = '2025-03-01T08:00:00.000Z';
const income = (id: string, date: string, extra: Partial<Income> = {}): Income => ({
  id,
  amount: '1000.00',
  source: 'Church harambee',
  date,
  remarks: null,
  createdBy: 'u1',
  createdAt: stamp,
  updatedAt: stamp,
  ...extra,
});
const expense = (id: string, date: string, extra: Partial<Expense> = {}): Expense => ({
  id,
  amount: '250.00',
  category: 'school_fees',
  beneficiaryId: null,
  date,
  description: 'Term fees',
  receiptUrl: null,
  createdBy: 'u1',
  createdAt: stamp,
  updatedAt: stamp,
  ...extra,
});

describe('transactionRow', () => {
  it('shows income and expenses with the product’s labels', () => {
    const rows = [
      transactionRow({ type: 'expense', record: expense('e1', '2025-03-07', { category: 'special_needs' }) }),
      transactionRow({ type: 'income', record: income('i1', '2025-03-05', { remarks: 'March pledge' }) }),
      transactionRow({ type: 'income', record: income('i2', '2025-01-10') }),
    ];
    expect(rows.map((r) => [r.key, r.type, r.description, r.categoryOrSource, r.amount, r.date])).toEqual([
      ['expense-e1', 'expense', 'Term fees', 'Special Needs', '250.00', '2025-03-07'],
      ['income-i1', 'income', 'March pledge', 'Church harambee', '1000.00', '2025-03-05'],
      ['income-i2', 'income', 'Income', 'Church harambee', '1000.00', '2025-01-10'],
    ]);
  });
});

import { Expense, ExpenseBody } from '@kcf/contracts';
import { EXPENSE_COLUMNS, EXPENSE_JSON, EXPENSES, toExpense, type ExpenseRow } from './expense-row';

const row: ExpenseRow = {
  id: '0b7a5c1e-0000-4000-8000-000000000001',
  amount: '1500.00',
  category: 'school_fees',
  beneficiaryId: 'KCF-000001',
  date: '2026-03-01',
  description: 'Term 1 fees',
  receiptKey: 'finance/receipts/r.pdf',
  receiptName: 'fees.pdf',
  receiptType: 'application/pdf',
  receiptSize: 100,
  createdBy: 'u1',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
};

describe('the expenses column map', () => {
  it('shows every key of the API object once, in toExpense and in the JSON the list builds, in one order', () => {
    const expense = toExpense(row);
    expect(Expense.parse(expense)).toEqual(expense);
    expect(Object.keys(expense).sort()).toEqual(Object.keys(Expense.shape).sort());
    expect([...EXPENSE_JSON.matchAll(/(?:json_build_object\(|, )'([a-zA-Z]+)', /g)].map((m) => m[1])).toEqual(
      Object.keys(expense),
    );
  });

  it('keeps every field of the form in a column, and reads every column under its field’s name', () => {
    expect(Object.keys(ExpenseBody.shape).filter((key) => !EXPENSES.fields.includes(key as keyof ExpenseRow))).toEqual(
      [],
    );
    expect(EXPENSE_COLUMNS).toContain(`beneficiary_id AS "beneficiaryId"`);
    expect(EXPENSE_COLUMNS).toContain(`amount::text AS amount`);
    expect(EXPENSES.assignments({ amount: '1', updatedAt: 'x' }, 2).sql).toBe('amount = $2, updated_at = $3');
  });
});

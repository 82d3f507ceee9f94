import { randomUUID } from 'node:crypto';
import { createEvent, ExpenseCreated, ExpenseDeleted, ExpenseUpdated } from '@kcf/contracts';
import { affectedBudgetKeys, budgetKeyOf } from './budget-usage';

const meta = () => ({ id: randomUUID(), occurredAt: new Date('2026-05-02T08:00:00Z') });
const facts = { expenseId: 'e1', category: 'health' as const, date: '2026-05-02', amount: '300.00', createdBy: 'u1' };

describe('budgetKeyOf', () => {
  it.each([
    ['2026-01-01', 'Term 1'],
    ['2026-04-30', 'Term 1'],
    ['2026-05-01', 'Term 2'],
    ['2026-08-31', 'Term 2'],
    ['2026-09-01', 'Term 3'],
    ['2025-12-31', 'Term 3'],
  ])('puts an expense dated %s in %s of its year', (date, quarter) => {
    expect(budgetKeyOf('admin', date)).toEqual({ category: 'admin', quarter, year: Number(date.slice(0, 4)) });
  });

  it('refuses a date that does not exist', () => {
    expect(() => budgetKeyOf('admin', '2026-02-30')).toThrow(RangeError);
  });
});

describe('affectedBudgetKeys', () => {
  it('is the one budget of a created or deleted expense', () => {
    expect(affectedBudgetKeys(createEvent(ExpenseCreated, facts, meta()))).toEqual([
      { category: 'health', quarter: 'Term 2', year: 2026 },
    ]);
    expect(affectedBudgetKeys(createEvent(ExpenseDeleted, facts, meta()))).toEqual([
      { category: 'health', quarter: 'Term 2', year: 2026 },
    ]);
  });

  it('is both the old and the new budget of an edit that moves the expense', () => {
    const moved = createEvent(
      ExpenseUpdated,
      { ...facts, previousCategory: 'school_fees', previousDate: '2025-12-31', previousAmount: '250.00' },
      meta(),
    );
    expect(affectedBudgetKeys(moved)).toEqual([
      { category: 'health', quarter: 'Term 2', year: 2026 },
      { category: 'school_fees', quarter: 'Term 3', year: 2025 },
    ]);
  });

  it('names a budget once when an edit stays in it', () => {
    const same = createEvent(
      ExpenseUpdated,
      { ...facts, previousCategory: 'health', previousDate: '2026-06-30', previousAmount: '250.00' },
      meta(),
    );
    expect(affectedBudgetKeys(same)).toEqual([{ category: 'health', quarter: 'Term 2', year: 2026 }]);
  });

  it('is null for an event it does not know or cannot read', () => {
    expect(
      affectedBudgetKeys({
        ...meta(),
        id: randomUUID(),
        occurredAt: new Date().toISOString(),
        subject: 'finance.income.created',
        payload: {},
      }),
    ).toBeNull();
    expect(
      affectedBudgetKeys({
        id: randomUUID(),
        occurredAt: new Date().toISOString(),
        subject: 'finance.expense.created',
        payload: { ...facts, date: 'soon' },
      }),
    ).toBeNull();
  });
});

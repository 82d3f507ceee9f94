import { readBudgetUpdate } from './budget-update-body';

const now = () => new Date('2026-11-02T08:00:00Z');

describe('readBudgetUpdate', () => {
  it('reads planned amount and notes alone as the inline edit', () => {
    expect(readBudgetUpdate({ plannedAmount: 1200, notes: 'Revised' }, now)).toEqual({
      kind: 'inline',
      body: { plannedAmount: '1200.00', notes: 'Revised' },
    });
  });

  it('reads a body naming a term, year or category as the budget form', () => {
    const update = readBudgetUpdate({ quarter: 'Term 3', year: 2026, category: 'health', plannedAmount: '5' }, now);
    expect(update).toEqual({
      kind: 'full',
      body: { quarter: 'Term 3', year: 2026, category: 'health', plannedAmount: '5.00', notes: null },
    });
  });

  it('applies the form rules to a form body, with the clock’s year', () => {
    expect(() => readBudgetUpdate({ year: 2027, plannedAmount: 5 }, now)).toThrow('Term is required');
    try {
      readBudgetUpdate({ quarter: 'Term 1', year: 2027, category: 'health', plannedAmount: 5 }, now);
      throw new Error('accepted');
    } catch (error) {
      expect((error as { errors: unknown }).errors).toEqual([
        { path: 'year', message: 'Year must be between 2020 and 2026 (current year)' },
      ]);
    }
  });

  it('refuses an inline edit without a valid planned amount', () => {
    expect(() => readBudgetUpdate({ notes: 'only notes' }, now)).toThrow(
      'Planned amount must be a valid positive number',
    );
    expect(() => readBudgetUpdate(null, now)).toThrow('Planned amount must be a valid positive number');
  });
});

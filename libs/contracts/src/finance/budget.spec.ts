import { z } from 'zod';
import { BudgetDownloadQuery, BudgetInlineEditBody, BudgetReport, budgetBodySchema } from './budget';

const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const byField: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
};

describe('BudgetBody with a fixed clock', () => {
  const in2025 = budgetBodySchema(new Date('2025-06-15T09:00:00Z'));
  const body = { quarter: 'Term 2', year: 2025, category: 'school_fees', plannedAmount: 150000 };

  it('accepts 2020 to the current year and normalises the planned amount', () => {
    expect(in2025.parse(body)).toEqual({ ...body, plannedAmount: '150000.00', notes: null });
    expect(in2025.parse({ ...body, year: '2020' }).year).toBe(2020);
  });

  it.each([2019, 2026, '2026', 2024.5, 'last year'])(
    'refuses the year %p with the current year in the message',
    (year) => {
      expect(fieldMessages(in2025.safeParse({ ...body, year }))).toEqual({
        year: ['Year must be between 2020 and 2025 (current year)'],
      });
    },
  );

  it('follows the clock: 2026 becomes valid once the year turns in Nairobi', () => {
    const newYearInNairobi = budgetBodySchema(new Date('2025-12-31T21:30:00Z'));
    expect(newYearInNairobi.parse({ ...body, year: 2026 }).year).toBe(2026);
  });

  it('reads a clock function at validation time', () => {
    let now = new Date('2024-05-01T00:00:00Z');
    const schema = budgetBodySchema(() => now);
    expect(schema.safeParse({ ...body, year: 2025 }).success).toBe(false);
    now = new Date('2025-05-01T00:00:00Z');
    expect(schema.safeParse({ ...body, year: 2025 }).success).toBe(true);
  });

  it('gives the product’s messages for missing fields', () => {
    expect(fieldMessages(in2025.safeParse({}))).toEqual({
      quarter: ['Term is required'],
      year: ['Year is required'],
      category: ['Category is required'],
      plannedAmount: ['Planned amount is required'],
    });
    expect(fieldMessages(in2025.safeParse({ ...body, quarter: 'Q2' }))).toEqual({ quarter: ['Term is required'] });
  });

  it('allows a zero plan but not a negative one', () => {
    expect(in2025.parse({ ...body, plannedAmount: '0' }).plannedAmount).toBe('0.00');
    expect(fieldMessages(in2025.safeParse({ ...body, plannedAmount: -1 }))).toEqual({
      plannedAmount: ['Planned amount must be a valid positive number'],
    });
  });
});

describe('BudgetInlineEditBody', () => {
  it.each([['abc'], [-10], [''], [undefined]])('refuses %p', (plannedAmount) => {
    expect(fieldMessages(BudgetInlineEditBody.safeParse({ plannedAmount }))).toEqual({
      plannedAmount: ['Planned amount must be a valid positive number'],
    });
  });

  it('accepts zero and keeps notes', () => {
    expect(BudgetInlineEditBody.parse({ plannedAmount: '0', notes: 'Paused' })).toEqual({
      plannedAmount: '0.00',
      notes: 'Paused',
    });
  });
});

describe('BudgetDownloadQuery', () => {
  it('needs a term for termly reports', () => {
    expect(BudgetDownloadQuery.parse({ type: 'termly', year: '2024', quarter: 'Term 1' })).toEqual({
      type: 'termly',
      year: 2024,
      quarter: 'Term 1',
    });
    expect(fieldMessages(BudgetDownloadQuery.safeParse({ type: 'termly', year: '2024' }))).toEqual({
      quarter: ['Term is required'],
    });
  });

  it('ignores the term of yearly reports', () => {
    expect(BudgetDownloadQuery.parse({ type: 'yearly', year: '2024', quarter: 'Term 1' })).toEqual({
      type: 'yearly',
      year: 2024,
      quarter: null,
    });
  });

  it('needs a four-digit year', () => {
    expect(fieldMessages(BudgetDownloadQuery.safeParse({ type: 'yearly' }))).toEqual({ year: ['Year is required'] });
    expect(fieldMessages(BudgetDownloadQuery.safeParse({ type: 'yearly', year: '24' }))).toEqual({
      year: ['Year must be a four-digit year'],
    });
  });

  it('refuses other types', () => {
    expect(fieldMessages(BudgetDownloadQuery.safeParse({ type: 'monthly', year: '2024' }))).toEqual({
      type: ['Type must be termly or yearly'],
    });
  });
});

describe('BudgetReport', () => {
  const common = {
    year: 2024,
    generatedAt: '2024-06-01T10:00:00.000Z',
    generatedBy: 'Amina Wekesa',
    totals: { planned: '1000.00', used: '250.00', remaining: '750.00' },
    budgets: [],
  };

  it('names a term only for termly reports', () => {
    expect(BudgetReport.safeParse({ type: 'termly', quarter: 'Term 2', ...common }).success).toBe(true);
    expect(BudgetReport.safeParse({ type: 'yearly', quarter: null, ...common }).success).toBe(true);
    expect(BudgetReport.safeParse({ type: 'yearly', quarter: 'Term 2', ...common }).success).toBe(false);
    expect(BudgetReport.safeParse({ type: 'termly', quarter: null, ...common }).success).toBe(false);
  });
});

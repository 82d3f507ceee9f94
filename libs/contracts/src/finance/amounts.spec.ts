import { BudgetInlineEditBody, budgetBodySchema } from './budget';
import { ExpenseBody } from './expense';
import { IncomeBody } from './income';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the largest amount a record may carry', () => {
  const income = { source: 'Church partners', date: '2026-03-01' };
  const expense = { category: 'health', description: 'Clinic', date: '2026-03-01' };

  it('accepts 999,999,999,999.99 and refuses one cent more', () => {
    expect(IncomeBody.parse({ ...income, amount: '999999999999.99' }).amount).toBe('999999999999.99');
    expect(messagesOf(IncomeBody.safeParse({ ...income, amount: '1000000000000.00' }))).toEqual([
      'amount: Amount must be at most 999,999,999,999.99',
    ]);
    expect(messagesOf(ExpenseBody.safeParse({ ...expense, amount: '1000000000000' }))).toEqual([
      'amount: Amount must be at most 999,999,999,999.99',
    ]);
  });

  it('applies to planned amounts too', () => {
    const budget = { quarter: 'Term 1', year: 2026, category: 'admin' };
    const schema = budgetBodySchema(new Date('2026-06-01T00:00:00Z'));
    expect(messagesOf(schema.safeParse({ ...budget, plannedAmount: 1e13 }))).toEqual([
      'plannedAmount: Amount must be at most 999,999,999,999.99',
    ]);
    expect(messagesOf(BudgetInlineEditBody.safeParse({ plannedAmount: '1000000000000' }))).toEqual([
      'plannedAmount: Amount must be at most 999,999,999,999.99',
    ]);
  });

  it('still gives the field message first for what is not an amount', () => {
    expect(messagesOf(IncomeBody.safeParse({ ...income, amount: 'lots' }))).toEqual([
      'amount: Amount must be a positive number',
    ]);
  });
});

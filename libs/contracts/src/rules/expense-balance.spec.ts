import { checkExpenseBalance, checkIncomeReduction } from './expense-balance';

describe('checkExpenseBalance', () => {
  it('lets an expense the balance covers through', () => {
    expect(checkExpenseBalance('1500.00', '1500.00')).toBeNull();
  });

  it('refuses any expense when the balance is zero or negative', () => {
    const refusal = { title: 'Insufficient Balance', message: 'Cannot create expense: No positive balance available' };
    expect(checkExpenseBalance('1.00', '0.00')).toEqual(refusal);
    expect(checkExpenseBalance('1.00', '-10.00')).toEqual(refusal);
  });

  it('names both amounts when the expense exceeds the balance', () => {
    expect(checkExpenseBalance('2500.50', '1500.00')).toEqual({
      title: 'Insufficient Balance',
      message: 'Cannot create expense: Amount (KSH 2,500.50) exceeds available balance (KSH 1,500.00)',
    });
  });
});

describe('checkIncomeReduction', () => {
  it('allows a change that keeps the balance at zero or more', () => {
    expect(checkIncomeReduction('delete', '0.00')).toBeNull();
    expect(checkIncomeReduction('update', '12.50')).toBeNull();
  });

  it('refuses one that would make it negative, naming the balance', () => {
    expect(checkIncomeReduction('delete', '-500.00')).toEqual({
      title: 'Insufficient Balance',
      message: 'Cannot delete income: it would leave a negative balance (KSH -500.00)',
    });
    expect(checkIncomeReduction('update', '-499.99')?.message).toBe(
      'Cannot update income: it would leave a negative balance (KSH -499.99)',
    );
  });
});

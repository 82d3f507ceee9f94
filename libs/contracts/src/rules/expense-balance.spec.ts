import { checkExpenseBalance } from './expense-balance';

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

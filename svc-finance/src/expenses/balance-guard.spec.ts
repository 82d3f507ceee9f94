import { balanceRefusal } from './balance-guard';

describe('balanceRefusal for a new expense', () => {
  it('lets an expense up to the balance through', () => {
    expect(balanceRefusal('1000.00', '1000.00')).toBeNull();
    expect(balanceRefusal('0.01', '0.01')).toBeNull();
  });

  it('refuses one cent more with the amounts in KSH', () => {
    expect(balanceRefusal('1000.01', '1000.00')).toBe(
      'Cannot create expense: Amount (KSH 1,000.01) exceeds available balance (KSH 1,000.00)',
    );
  });

  it('refuses anything when there is no positive balance', () => {
    expect(balanceRefusal('0.01', '0.00')).toBe('Cannot create expense: No positive balance available');
    expect(balanceRefusal('5.00', '-20.00')).toBe('Cannot create expense: No positive balance available');
  });

  it('compares in cents, not floats', () => {
    // 0.1 + 0.2 > 0.3 in floating point; here the balance is exactly 0.30.
    expect(balanceRefusal('0.30', '0.30')).toBeNull();
    expect(balanceRefusal('9007199254740993.00', '9007199254740992.99')).toMatch(/exceeds available balance/);
  });
});

describe('balanceRefusal for an edited expense', () => {
  it('never refuses keeping or lowering the amount, even with no balance left', () => {
    expect(balanceRefusal('100.00', '-50.00', '100.00')).toBeNull();
    expect(balanceRefusal('20.00', '0.00', '100.00')).toBeNull();
  });

  it('checks a raise against the balance plus what the expense already took', () => {
    expect(balanceRefusal('125.00', '100.00', '25.00')).toBeNull();
    expect(balanceRefusal('125.01', '100.00', '25.00')).toBe(
      'Cannot update expense: Amount (KSH 125.01) exceeds available balance (KSH 125.00)',
    );
    expect(balanceRefusal('30.00', '-25.00', '25.00')).toBe('Cannot update expense: No positive balance available');
  });
});

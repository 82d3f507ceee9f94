import { formatMoney as contractsFormatMoney } from '@kcf/contracts';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows grouped amounts with two decimals and the currency', () => {
    expect(formatMoney('1500.00')).toBe('KSH 1,500.00');
    expect(formatMoney(1234567.5, 'KES')).toBe('KES 1,234,567.50');
    expect(formatMoney('-20.50', 'KSH')).toBe('KSH -20.50');
  });

  it('reads a missing amount as zero and never throws on odd text', () => {
    expect(formatMoney(null)).toBe('KSH 0.00');
    expect(formatMoney(undefined, 'KES')).toBe('KES 0.00');
    expect(formatMoney('')).toBe('KSH 0.00');
    expect(formatMoney('n/a')).toBe('KSH n/a');
  });

  it.each([
    ['1500.00'],
    ['0.10'],
    ['-1234567.89'],
    ['1,500.5'],
    [1500.5],
    [0.1 + 0.2],
    [1234.005],
    [-1234.005],
    ['999999999.99'],
    [-0.001],
    [0],
  ])('writes %p exactly as the contracts do', (amount) => {
    expect(formatMoney(amount, 'KES')).toBe(contractsFormatMoney(amount, 'KES'));
  });
});

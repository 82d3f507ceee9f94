/** @jest-environment jsdom */
import { BeneficiaryBody, formatMoney, sumMoney, termOfDate, toIsoDate } from './index';

describe('in a browser environment', () => {
  it('has a window and still validates, sums money and reads the Nairobi calendar', () => {
    expect('document' in globalThis).toBe(true);
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(formatMoney('1500', 'KES')).toBe('KES 1,500.00');
    expect(toIsoDate(new Date('2024-04-30T22:00:00Z'))).toBe('2024-05-01');
    expect(termOfDate('2024-05-01')).toBe('Term 2');
    expect(BeneficiaryBody.safeParse({}).error?.issues[0].message).toBe('Full name is required');
  });
});

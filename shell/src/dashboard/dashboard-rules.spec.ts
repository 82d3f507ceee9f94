import { beneficiaryRelativeTime, quarterOfMonth, sumMoney, termOfMonth, usagePercentage } from '@kcf/contracts';
import {
  quarterOf,
  registeredWhen,
  sumAmounts,
  termOf,
  titleCaseCategory,
  usageTone,
  usedPercent,
} from './dashboard-rules';

describe('the dashboard rules agree with the contracts', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])('month %i: quarter and term', (month) => {
    expect(quarterOf(month)).toBe(quarterOfMonth(month));
    expect(termOf(month)).toBe(termOfMonth(month));
  });

  const now = new Date('2025-03-31T20:30:00Z'); // 23:30 in Nairobi
  it.each([
    '2025-03-31T20:00:00Z',
    '2025-03-30T20:59:00Z',
    '2025-03-30T21:01:00Z',
    '2025-03-25T10:00:00Z',
    '2025-03-24T10:00:00Z',
    '2025-03-10T10:00:00Z',
    '2025-03-02T10:00:00Z',
    '2025-04-01T10:00:00Z',
  ])('registered at %s', (createdAt) => {
    expect(registeredWhen(createdAt, now)).toBe(beneficiaryRelativeTime(createdAt, now));
  });

  it('shows the date for anything a month old or more', () => {
    expect(registeredWhen('2025-03-01T08:00:00Z', now)).toBe('1 Mar 2025');
  });

  it.each([
    [['0.10', '0.20'], '0.30'],
    [['1500.50', '-20.75', '0.25'], '1480.00'],
    [['999999999.99', '0.01'], '1000000000.00'],
    [[], '0.00'],
  ])('sums %p to the cent', (amounts, total) => {
    expect(sumAmounts(amounts)).toBe(total);
    expect(sumAmounts(amounts)).toBe(sumMoney(amounts));
  });

  it.each([
    ['0.00', '0.00'],
    ['250.00', '1000.00'],
    ['1.00', '3.00'],
    ['1500.00', '1000.00'],
  ])('uses %s of %s', (used, planned) => {
    expect(usedPercent(used, planned)).toBe(usagePercentage(used, planned));
  });
});

describe('titleCaseCategory', () => {
  it('replaces underscores with spaces and title-cases the words', () => {
    expect(titleCaseCategory('school_fees')).toBe('School Fees');
    expect(titleCaseCategory('special_needs')).toBe('Special Needs');
    expect(titleCaseCategory('admin')).toBe('Admin');
    expect(titleCaseCategory('other')).toBe('Other');
  });
});

describe('usageTone', () => {
  it.each([
    ['800.00', '1000.00', 'green'],
    ['800.01', '1000.00', 'yellow'],
    ['1000.00', '1000.00', 'yellow'],
    ['1000.01', '1000.00', 'red'],
    ['10.00', '0.00', 'green'],
  ])('%s used of %s is %s', (used, planned, tone) => {
    expect(usageTone(used, planned)).toBe(tone);
  });
});

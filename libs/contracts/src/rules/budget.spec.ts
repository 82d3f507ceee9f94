import {
  budgetYearRange,
  exceededAmount,
  progressWidth,
  remainingAmount,
  usageColour,
  usagePercentage,
} from './budget';

describe('budgetYearRange', () => {
  it('runs from 2020 to the current year', () => {
    expect(budgetYearRange(new Date('2026-07-01T09:00:00Z'))).toEqual({
      min: 2020,
      max: 2026,
      years: [2020, 2021, 2022, 2023, 2024, 2025, 2026],
    });
  });

  it('turns the year on the Nairobi clock', () => {
    expect(budgetYearRange(new Date('2025-12-31T21:00:00Z')).max).toBe(2026);
  });
});

describe('usagePercentage', () => {
  it('is 0 when nothing is planned', () => {
    expect(usagePercentage('500.00', '0.00')).toBe(0);
  });

  it('is used over planned, in percent', () => {
    expect(usagePercentage('250.00', '1000.00')).toBe(25);
    expect(usagePercentage('1.00', '3.00')).toBeCloseTo(33.33, 2);
    expect(usagePercentage('1500.00', '1000.00')).toBe(150);
  });
});

describe('usage bar', () => {
  it.each([
    [0, 'green'],
    [80, 'green'],
    [80.01, 'yellow'],
    [100, 'yellow'],
    [100.01, 'red'],
  ] as const)('at %p%% is %s', (percentage, colour) => {
    expect(usageColour(percentage)).toBe(colour);
  });

  it('is capped at 100% wide', () => {
    expect(progressWidth(150)).toBe(100);
    expect(progressWidth(42.5)).toBe(42.5);
    expect(progressWidth(-5)).toBe(0);
  });
});

describe('remaining and exceeded amounts', () => {
  it('is planned minus used', () => {
    expect(remainingAmount('1000.00', '250.50')).toBe('749.50');
    expect(remainingAmount('1000.00', '1200.00')).toBe('-200.00');
  });

  it('names the excess only when over budget', () => {
    expect(exceededAmount('1000.00', '1200.00')).toBe('200.00');
    expect(exceededAmount('1000.00', '1000.00')).toBeNull();
  });
});

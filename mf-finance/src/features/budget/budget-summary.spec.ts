import { usageColour, usagePercentage } from '@kcf/contracts';
import { budgetItem as item } from './budget-item.fixture';
import {
  budgetsFor,
  percentWithOneDecimal,
  roundedPercent,
  summarise,
  termSummaries,
  usageTone,
} from './budget-summary';

describe('summarise', () => {
  it('adds planned and used to the cent and subtracts for the remaining amount', () => {
    const summary = summarise([
      item({ plannedAmount: '0.10', usedAmount: '0.20' }),
      item({ plannedAmount: '1000.20', usedAmount: '500.00' }),
    ]);
    expect(summary).toEqual({ planned: '1000.30', used: '500.20', remaining: '500.10', percentage: 50 });
  });

  it('shows 0% when nothing is planned, and a negative remaining when over budget', () => {
    expect(summarise([item({ plannedAmount: '0.00', usedAmount: '300.00' })])).toEqual({
      planned: '0.00',
      used: '300.00',
      remaining: '-300.00',
      percentage: 0,
    });
    expect(summarise([])).toEqual({ planned: '0.00', used: '0.00', remaining: '0.00', percentage: 0 });
  });
});

describe('budgetsFor and termSummaries', () => {
  const budgets = [
    item({ category: 'other', quarter: 'Term 3', plannedAmount: '100.00', usedAmount: '120.00' }),
    item({ category: 'school_fees', quarter: 'Term 3', plannedAmount: '900.00', usedAmount: '0.00' }),
    item({ category: 'health', quarter: 'Term 3', year: 2024, plannedAmount: '5000.00' }),
    item({ category: 'admin', quarter: 'Term 1', plannedAmount: '50.00', usedAmount: '25.00' }),
  ];

  it("keeps one term of one year, in the categories' order", () => {
    expect(budgetsFor(budgets, 'Term 3', 2025).map((b) => b.category)).toEqual(['school_fees', 'other']);
    expect(budgetsFor(budgets, 'Term 2', 2025)).toEqual([]);
  });

  it('sums each term of the year for the term cards', () => {
    const terms = termSummaries(budgets, 2025);
    expect(terms['Term 1']).toEqual({ planned: '50.00', used: '25.00', remaining: '25.00', percentage: 50 });
    expect(terms['Term 2']).toEqual({ planned: '0.00', used: '0.00', remaining: '0.00', percentage: 0 });
    expect(terms['Term 3']).toEqual({ planned: '1000.00', used: '120.00', remaining: '880.00', percentage: 12 });
  });
});

describe('percentages', () => {
  it('rounds the table column to whole percent', () => {
    expect(roundedPercent(0)).toBe('0%');
    expect(roundedPercent(49.5)).toBe('50%');
    expect(roundedPercent(120.49)).toBe('120%');
  });

  it('gives reports one decimal, rounded half up on the cents', () => {
    expect(percentWithOneDecimal('1.00', '3.00')).toBe('33.3%');
    expect(percentWithOneDecimal('2.00', '3.00')).toBe('66.7%');
    expect(percentWithOneDecimal('12.35', '100.00')).toBe('12.4%');
    expect(percentWithOneDecimal('12.34', '100.00')).toBe('12.3%');
    expect(percentWithOneDecimal('150.00', '100.00')).toBe('150.0%');
    expect(percentWithOneDecimal('5.00', '0.00')).toBe('0.0%');
    expect(percentWithOneDecimal('0.00', '100.00')).toBe('0.0%');
  });
});

describe('usageTone', () => {
  it.each([
    ['0.00', '1000.00', 'green'],
    ['800.00', '1000.00', 'green'],
    ['800.01', '1000.00', 'yellow'],
    ['1000.00', '1000.00', 'yellow'],
    ['1000.01', '1000.00', 'red'],
    ['5.00', '0.00', 'green'],
  ])('%s used of %s is %s', (used, planned, tone) => {
    expect(usageTone(used, planned)).toBe(tone);
  });

  it('agrees with the percentage thresholds wherever the percentage is exact', () => {
    for (const used of ['0.00', '500.00', '800.00', '850.00', '1000.00', '1200.00']) {
      expect(usageTone(used, '1000.00')).toBe(usageColour(usagePercentage(used, '1000.00')));
    }
  });
});

import { quarterOfMonth, termDateRange, termMonths, termOfDate, termOfMonth } from './terms';

describe('termOfDate', () => {
  it.each([
    ['2024-01-01', 'Term 1'],
    ['2024-04-30', 'Term 1'],
    ['2024-05-01', 'Term 2'],
    ['2024-08-31', 'Term 2'],
    ['2024-09-01', 'Term 3'],
    ['2024-12-31', 'Term 3'],
    ['2024-02-29', 'Term 1'],
  ])('puts %s in %s', (date, term) => {
    expect(termOfDate(date)).toBe(term);
  });

  it('reads an instant on the foundation clock: 30 April 22:00 UTC is already 1 May in Kenya', () => {
    expect(termOfDate(new Date('2024-04-30T22:00:00Z'))).toBe('Term 2');
    expect(termOfDate(new Date('2024-04-30T20:00:00Z'))).toBe('Term 1');
  });

  it('refuses text that is not a calendar date', () => {
    expect(() => termOfDate('2024-13-01')).toThrow(RangeError);
  });
});

describe('termMonths and termDateRange', () => {
  it('lists four months per term', () => {
    expect(termMonths('Term 1')).toEqual([1, 2, 3, 4]);
    expect(termMonths('Term 2')).toEqual([5, 6, 7, 8]);
    expect(termMonths('Term 3')).toEqual([9, 10, 11, 12]);
  });

  it('agrees with termOfMonth for every month', () => {
    for (let month = 1; month <= 12; month += 1) {
      expect(termMonths(termOfMonth(month))).toContain(month);
    }
  });

  it('gives the inclusive first and last day of a term', () => {
    expect(termDateRange('Term 1', 2024)).toEqual({ from: '2024-01-01', to: '2024-04-30' });
    expect(termDateRange('Term 2', 2023)).toEqual({ from: '2023-05-01', to: '2023-08-31' });
    expect(termDateRange('Term 3', 2023)).toEqual({ from: '2023-09-01', to: '2023-12-31' });
  });
});

describe('quarterOfMonth', () => {
  it.each([
    [1, 'Q1'],
    [3, 'Q1'],
    [4, 'Q2'],
    [6, 'Q2'],
    [7, 'Q3'],
    [9, 'Q3'],
    [10, 'Q4'],
    [12, 'Q4'],
  ])('puts month %i in %s', (month, quarter) => {
    expect(quarterOfMonth(month)).toBe(quarter);
  });

  it.each([0, 13, 2.5])('refuses month %p', (month) => {
    expect(() => quarterOfMonth(month)).toThrow(RangeError);
  });
});

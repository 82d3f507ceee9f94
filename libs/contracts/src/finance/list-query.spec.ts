import { BudgetListQuery, FinanceListQuery } from './list-query';

describe('FinanceListQuery', () => {
  it('defaults to the first 50, all dates', () => {
    expect(FinanceListQuery.parse({})).toEqual({ limit: 50, offset: 0, from: null, to: null });
  });

  it('reads query-string numbers and a date range', () => {
    expect(FinanceListQuery.parse({ limit: '10', offset: '20', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      limit: 10,
      offset: 20,
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it.each([
    [{ limit: '0' }, 'limit', 'Limit must be between 1 and 500'],
    [{ limit: '501' }, 'limit', 'Limit must be between 1 and 500'],
    [{ offset: '-1' }, 'offset', 'Offset must be 0 or more'],
    [{ from: '2026-02-30' }, 'from', 'From must be a valid date (YYYY-MM-DD)'],
    [{ from: '2026-12-01', to: '2026-11-01' }, 'from', 'From must not be after To'],
  ])('refuses %p', (query, path, message) => {
    const result = FinanceListQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, message]]);
  });
});

describe('BudgetListQuery', () => {
  it('filters by nothing, a year, a term or both', () => {
    expect(BudgetListQuery.parse({})).toEqual({});
    expect(BudgetListQuery.parse({ year: '2026', quarter: 'Term 3' })).toEqual({ year: 2026, quarter: 'Term 3' });
  });

  it('refuses a year that is not four digits and an unknown term', () => {
    expect(BudgetListQuery.safeParse({ year: '26' }).error?.issues[0].message).toBe('Year must be a four-digit year');
    expect(BudgetListQuery.safeParse({ quarter: 'Q3' }).error?.issues[0].message).toBe('Term is required');
  });
});

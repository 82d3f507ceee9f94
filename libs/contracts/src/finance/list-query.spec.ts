import { setRulesClock } from '../common/today';
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

describe("FinanceListQuery's Monthly Report", () => {
  beforeEach(() => setRulesClock(() => new Date('2026-11-28T08:00:00Z')));
  afterEach(() => setRulesClock(null));

  it('refuses a month that has not begun, and takes this month and earlier ones', () => {
    const month = (from: string, to: string) => FinanceListQuery.safeParse({ from, to, purpose: 'monthly-report' });
    expect(month('2027-01-01', '2027-01-31').error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['from', 'A monthly report can only be made for this month or an earlier one'],
    ]);
    expect(month('2026-12-01', '2026-12-31').success).toBe(false);
    expect(month('2026-11-01', '2026-11-30').success).toBe(true);
    expect(month('2026-10-01', '2026-10-31').success).toBe(true);
    // A plain list of a later month is no report: nothing to refuse.
    expect(FinanceListQuery.safeParse({ from: '2027-01-01', to: '2027-01-31' }).success).toBe(true);
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

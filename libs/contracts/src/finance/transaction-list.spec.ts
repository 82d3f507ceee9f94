import { TransactionListQuery } from './transaction-list';

describe('TransactionListQuery', () => {
  it('defaults to both types, all dates, newest date first, the first 50', () => {
    expect(TransactionListQuery.parse({})).toEqual({
      from: null,
      to: null,
      sort: 'date',
      dir: 'desc',
      limit: 50,
      offset: 0,
    });
  });

  it('reads a type, a range, a trimmed search, a sort and a page from the query string', () => {
    expect(
      TransactionListQuery.parse({
        type: 'expense',
        from: '2026-11-01',
        to: '2026-11-30',
        search: '  fees ',
        sort: 'amount',
        dir: 'asc',
        limit: '10',
        offset: '20',
      }),
    ).toEqual({
      type: 'expense',
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'fees',
      sort: 'amount',
      dir: 'asc',
      limit: 10,
      offset: 20,
    });
  });

  it("treats 'all', blank type and blank search as no filter", () => {
    expect(TransactionListQuery.parse({ type: 'all', search: '   ' })).toMatchObject({
      type: undefined,
      search: undefined,
    });
  });

  it.each([
    [{ type: 'gift' }, 'type', 'Type must be income or expense'],
    [{ sort: 'description' }, 'sort', 'Sort must be one of: date, amount'],
    [{ dir: 'up' }, 'dir', 'Direction must be asc or desc'],
    [{ search: 'x'.repeat(101) }, 'search', 'Search must be 100 characters or less'],
    [{ from: '2026-02-30' }, 'from', 'From must be a valid date (YYYY-MM-DD)'],
    [{ from: '2026-12-01', to: '2026-11-01' }, 'from', 'From must not be after To'],
    [{ limit: '501' }, 'limit', 'Limit must be between 1 and 500'],
    [{ offset: '-1' }, 'offset', 'Offset must be 0 or more'],
  ])('refuses %p', (query, path, message) => {
    const result = TransactionListQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, message]]);
  });
});

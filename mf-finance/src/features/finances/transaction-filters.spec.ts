import {
  EMPTY_LIST_TEXT,
  NO_FILTERS,
  NO_MATCH_TEXT,
  emptyListText,
  filtersActive,
  filtersOf,
  initialValues,
  listParams,
  sortOf,
  toggleSort,
  valuesOf,
} from './transaction-filters';

const defaultFilters = (at: Date) => filtersOf(initialValues(at));

// 20 November 2026 in Nairobi.
const now = new Date('2026-11-20T08:00:00Z');

describe('transaction filters', () => {
  it('open on this month, every type, no search, and clear to nothing at all', () => {
    expect(defaultFilters(now)).toEqual({ from: '2026-11-01', to: '2026-11-30', search: '', type: 'all' });
    expect(filtersActive(defaultFilters(now))).toBe(true);
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, search: '  ' })).toBe(false);
  });

  it('are kept in the address as the API names them, every type and the default order left out', () => {
    const values = valuesOf(
      { from: '2026-11-01', to: '', search: 'fees ', type: 'income' },
      { sort: 'amount', dir: 'asc' },
    );
    expect(values).toEqual({ type: 'income', from: '2026-11-01', to: '', search: 'fees ', sort: 'amount', dir: 'asc' });
    expect(filtersOf(values)).toEqual({ from: '2026-11-01', to: '', search: 'fees ', type: 'income' });
    expect(sortOf(values)).toEqual({ sort: 'amount', dir: 'asc' });
    expect(valuesOf(NO_FILTERS, { sort: 'date', dir: 'desc' })).toEqual({
      type: '',
      from: '',
      to: '',
      search: '',
      sort: '',
      dir: '',
    });
    expect(sortOf({})).toEqual({ sort: 'date', dir: 'desc' });
    expect(filtersOf({ type: 'gifts' }).type).toBe('all');
  });

  it('leave empty parameters out of the call', () => {
    expect(listParams({ ...NO_FILTERS, search: ' fees ' }, { sort: 'amount', dir: 'asc' })).toEqual({
      from: undefined,
      to: undefined,
      search: 'fees',
      type: undefined,
      sort: 'amount',
      dir: 'asc',
    });
    expect(
      listParams({ from: '2026-11-01', to: '', search: '', type: 'income' }, { sort: 'date', dir: 'desc' }),
    ).toMatchObject({ from: '2026-11-01', to: undefined, type: 'income' });
  });

  it('flip the direction of the column sorted on; another column starts descending', () => {
    expect(toggleSort({ sort: 'date', dir: 'desc' }, 'date')).toEqual({ sort: 'date', dir: 'asc' });
    expect(toggleSort({ sort: 'date', dir: 'asc' }, 'amount')).toEqual({ sort: 'amount', dir: 'desc' });
  });

  it("keep the product's empty text for no transactions at all, and say when filters found nothing", () => {
    const some = { totalDonations: '5000.00', totalExpenses: '0.00' };
    const none = { totalDonations: '0.00', totalExpenses: '0.00' };
    expect(emptyListText(NO_FILTERS, some)).toEqual({ text: EMPTY_LIST_TEXT, clearable: false });
    expect(emptyListText(defaultFilters(now), none)).toEqual({ text: EMPTY_LIST_TEXT, clearable: false });
    expect(emptyListText(defaultFilters(now), some)).toEqual({ text: NO_MATCH_TEXT, clearable: true });
    expect(emptyListText(defaultFilters(now), undefined)).toEqual({ text: NO_MATCH_TEXT, clearable: true });
  });
});

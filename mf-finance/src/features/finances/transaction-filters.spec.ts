import { EMPTY_LIST_TEXT, NO_FILTERS, NO_MATCH_TEXT, defaultFilters, emptyListText, filtersActive, listParams, toggleSort } from './transaction-filters';

// 20 November 2026 in Nairobi.
const now = new Date('2026-11-20T08:00:00Z');

describe('transaction filters', () => {
  it('open on this month, every type, no search, and clear to nothing at all', () => {
    expect(defaultFilters(now)).toEqual({ from: '2026-11-01', to: '2026-11-30', search: '', type: 'all' });
    expect(filtersActive(defaultFilters(now))).toBe(true);
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, search: '  ' })).toBe(false);
  });

  it('leave empty parameters out of the call', () => {
    expect(listParams({ ...NO_FILTERS, search: ' fees ' }, { sort: 'amount', dir: 'asc' })).toEqual({
      from: undefined, to: undefined, search: 'fees', type: undefined, sort: 'amount', dir: 'asc',
    });
    expect(listParams({ from: '2026-11-01', to: '', search: '', type: 'income' }, { sort: 'date', dir: 'desc' })).toMatchObject({ from: '2026-11-01', to: undefined, type: 'income' });
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

import { giftFiltersOf, giftListParams, giftValuesOf, hasGiftFilters, NO_GIFT_FILTERS } from './gift-list-state';

describe('gift list state in the address', () => {
  it('reads the filters and the order, ignoring values the screen does not offer', () => {
    expect(
      giftFiltersOf({ search: 'neema', giftType: 'special', from: '2025-01-01', to: '2025-12-31', dir: 'asc' }),
    ).toEqual({
      search: 'neema',
      giftType: 'special',
      from: '2025-01-01',
      to: '2025-12-31',
      dir: 'asc',
    });
    expect(giftFiltersOf({ giftType: 'birthday', from: 'yesterday', dir: 'up' })).toEqual(NO_GIFT_FILTERS);
  });

  it('writes back only what is set', () => {
    expect(giftValuesOf({ ...NO_GIFT_FILTERS, giftType: 'christmas', dir: 'asc' })).toEqual({
      search: '',
      giftType: 'christmas',
      from: '',
      to: '',
      dir: 'asc',
    });
    expect(giftValuesOf(NO_GIFT_FILTERS)).toEqual({ search: '', giftType: '', from: '', to: '', dir: '' });
  });

  it('asks the server for the filters and the date order', () => {
    expect(giftListParams({ ...NO_GIFT_FILTERS, search: 'KCF-0001', from: '2025-12-01' })).toEqual({
      search: 'KCF-0001',
      giftType: undefined,
      from: '2025-12-01',
      to: undefined,
      sort: 'dateGiven',
      dir: 'desc',
    });
  });

  it('tells a filtered list from the whole list (the order is not a filter)', () => {
    expect(hasGiftFilters(NO_GIFT_FILTERS)).toBe(false);
    expect(hasGiftFilters({ ...NO_GIFT_FILTERS, dir: 'asc' })).toBe(false);
    expect(hasGiftFilters({ ...NO_GIFT_FILTERS, search: 'x' })).toBe(true);
    expect(hasGiftFilters({ ...NO_GIFT_FILTERS, to: '2025-01-01' })).toBe(true);
  });
});

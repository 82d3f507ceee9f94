import { GIFT_TYPES, isValidIsoDate, type SortDirection } from '@kcf/contracts';

/** The gifts list's filters and date order, kept in the address so Back and a shared link give the same list. */
export interface GiftFilters {
  search: string;
  giftType: string;
  from: string;
  to: string;
  dir: SortDirection;
}

export const NO_GIFT_FILTERS: GiftFilters = { search: '', giftType: '', from: '', to: '', dir: 'desc' };

const date = (value: string | null) => (value && isValidIsoDate(value) ? value : '');

export function giftFiltersFromSearch(search: URLSearchParams): GiftFilters {
  const type = search.get('giftType') ?? '';
  return {
    search: search.get('search') ?? '',
    giftType: (GIFT_TYPES as readonly string[]).includes(type) ? type : '',
    from: date(search.get('from')),
    to: date(search.get('to')),
    dir: search.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

export function searchFromGiftFilters(filters: GiftFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['search', 'giftType', 'from', 'to'] as const) if (filters[key]) out.set(key, filters[key]);
  if (filters.dir === 'asc') out.set('dir', 'asc');
  return out;
}

/** The query of GET /api/gifts and its totals (blank filters left out). */
export function giftListParams(filters: GiftFilters): Record<string, string | undefined> {
  const or = (value: string) => value || undefined;
  return { search: or(filters.search.trim()), giftType: or(filters.giftType), from: or(filters.from), to: or(filters.to), sort: 'dateGiven', dir: filters.dir };
}

/** Whether any filter narrows the list (the order alone does not). */
export function hasGiftFilters(filters: GiftFilters): boolean {
  return Boolean(filters.search.trim() || filters.giftType || filters.from || filters.to);
}

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

/** The filters and order kept in the address (web-kit's `useListParams`), named as `GET /api/gifts` names them. */
export const GIFT_LIST_KEYS = ['search', 'giftType', 'from', 'to', 'dir'] as const;
export type GiftListValues = Partial<Record<(typeof GIFT_LIST_KEYS)[number], string>>;

/** The filters the address holds, a value the screen does not offer read as none. */
export function giftFiltersOf(values: GiftListValues): GiftFilters {
  const type = values.giftType ?? '';
  return {
    search: values.search ?? '',
    giftType: (GIFT_TYPES as readonly string[]).includes(type) ? type : '',
    from: date(values.from ?? null),
    to: date(values.to ?? null),
    dir: values.dir === 'asc' ? 'asc' : 'desc',
  };
}

/** The address's values of the filters: only what is set (newest first is the default order). */
export function giftValuesOf(filters: GiftFilters): Record<(typeof GIFT_LIST_KEYS)[number], string> {
  return {
    search: filters.search,
    giftType: filters.giftType,
    from: filters.from,
    to: filters.to,
    dir: filters.dir === 'asc' ? 'asc' : '',
  };
}

/** The query of GET /api/gifts and its totals (blank filters left out). */
export function giftListParams(filters: GiftFilters): Record<string, string | undefined> {
  const or = (value: string) => value || undefined;
  return {
    search: or(filters.search.trim()),
    giftType: or(filters.giftType),
    from: or(filters.from),
    to: or(filters.to),
    sort: 'dateGiven',
    dir: filters.dir,
  };
}

/** Whether any filter narrows the list (the order alone does not). */
export function hasGiftFilters(filters: GiftFilters): boolean {
  return Boolean(filters.search.trim() || filters.giftType || filters.from || filters.to);
}

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Gift, GiftTotals } from '@kcf/contracts';
import { apiRequest, fetchPage, nextPageOffset } from '@kcf/web-kit';
import { multipartOf } from '../../shared/multipart';
import { NO_GIFT_FILTERS, giftListParams, type GiftFilters } from './gift-list-state';

export const GIFTS_PATH = '/api/gifts';
/** A page of the grid: a multiple of its three columns. */
export const GIFT_PAGE_SIZE = 24;

export const giftKeys = {
  all: [GIFTS_PATH] as const,
  pages: (params: GiftQuery) => [GIFTS_PATH, 'pages', params] as const,
  /** GET /api/gifts/totals (the default query function reads the key as the URL). */
  totals: (params: GiftQuery) => [GIFTS_PATH, 'totals', params] as const,
};

type GiftQuery = Record<string, string | undefined>;

/**
 * Gifts matching the filters in the server's date order, a page at a time (the first asks for `firstPageLimit`: as
 * many as were shown when the address was made); nothing is asked while `filters` is null.
 */
export function useGiftPages(filters: GiftFilters | null, firstPageLimit = GIFT_PAGE_SIZE) {
  const params = giftListParams(filters ?? NO_GIFT_FILTERS);
  return useInfiniteQuery({
    queryKey: giftKeys.pages(params),
    queryFn: ({ pageParam, signal }) =>
      fetchPage<Gift>(
        GIFTS_PATH,
        { ...params, limit: pageParam === 0 ? firstPageLimit : GIFT_PAGE_SIZE, offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    placeholderData: keepPreviousData,
    enabled: filters !== null,
  });
}

/** How many gifts match the filters, and their amount (GET /api/gifts/totals); nothing is asked while `filters` is null. */
export function useGiftTotals(filters: GiftFilters | null) {
  const { sort: _sort, dir: _dir, ...params } = giftListParams(filters ?? NO_GIFT_FILTERS);
  return useQuery<GiftTotals>({
    queryKey: giftKeys.totals(params),
    placeholderData: keepPreviousData,
    enabled: filters !== null,
  });
}

export interface GiftFormValues {
  beneficiaryId: string;
  giftType: string;
  amount: string;
  description: string;
  contents: string;
  dateGiven: string;
}

/** Multipart: the non-empty fields and the photo in `giftPhoto`. */
export function giftFormData(values: GiftFormValues, photo: File | null): FormData {
  return multipartOf({ ...values }, { giftPhoto: photo });
}

export function saveGift(id: string | null, form: FormData): Promise<Gift> {
  return id
    ? apiRequest<Gift>('PUT', `${GIFTS_PATH}/${encodeURIComponent(id)}`, form)
    : apiRequest<Gift>('POST', GIFTS_PATH, form);
}

export function deleteGift(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${GIFTS_PATH}/${encodeURIComponent(id)}`);
}

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Gift } from '@kcf/contracts';
import { apiRequest, fetchPage, nextPageOffset } from '@kcf/web-kit';
import { multipartOf } from '../../shared/multipart';

export const GIFTS_PATH = '/api/gifts';
/** A page of the grid: a multiple of its three columns. */
export const GIFT_PAGE_SIZE = 24;

export const giftKeys = {
  all: [GIFTS_PATH] as const,
  pages: () => [GIFTS_PATH, 'pages'] as const,
};

/** Gifts, newest first, a page at a time. */
export function useGiftPages() {
  return useInfiniteQuery({
    queryKey: giftKeys.pages(),
    queryFn: ({ pageParam, signal }) => fetchPage<Gift>(GIFTS_PATH, { limit: GIFT_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    placeholderData: keepPreviousData,
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
  return id ? apiRequest<Gift>('PUT', `${GIFTS_PATH}/${encodeURIComponent(id)}`, form) : apiRequest<Gift>('POST', GIFTS_PATH, form);
}

export function deleteGift(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${GIFTS_PATH}/${encodeURIComponent(id)}`);
}

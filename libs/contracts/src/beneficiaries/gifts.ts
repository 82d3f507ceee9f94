import { z } from 'zod';
import { IsoDate, IsoTimestamp, isValidIsoDate } from '../common/dates';
import {
  blankAs,
  moneyField,
  tooManyDecimalsMessage,
  requiredIsoDate,
  requiredText,
  textField,
} from '../common/fields';
import { BeneficiaryId, Id } from '../common/ids';
import { Money } from '../common/money';
import { OffsetQuery, SORT_DIRECTIONS } from '../common/pagination';
import { GIFT_TYPES, GiftTypeSchema } from '../enums/gifts';
import { AMOUNT_TOO_LARGE_MESSAGE, isWithinRecordAmount } from './amounts';
import { BeneficiarySummary } from './beneficiary';
import { listFilter } from './list-query';

export const Gift = z.object({
  id: Id,
  beneficiaryId: BeneficiaryId,
  beneficiary: BeneficiarySummary,
  giftType: GiftTypeSchema,
  amount: Money,
  description: z.string(),
  contents: z.string(),
  dateGiven: IsoDate,
  /** GET /api/gifts/{id}/photo while a photo is stored (the upload as it came); null otherwise. */
  photoUrl: z.string().nullable(),
  /**
   * A JPEG of the photo, at most 800x336, for the gift's card (GET /api/gifts/{id}/photo/card) while a photo is
   * stored; null otherwise. The service always sends it; a reader falls back to photoUrl without it.
   */
  photoCardUrl: z.string().nullable().optional(),
  createdBy: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type Gift = z.infer<typeof Gift>;

const POSITIVE_AMOUNT = 'Amount must be a positive number';

/** POST /api/gifts and PUT /api/gifts/{id} (multipart, photo in file field `giftPhoto`). */
export const GiftBody = z.object({
  beneficiaryId: textField('Beneficiary', { error: 'Beneficiary is required' }).min(1, 'Beneficiary is required'),
  giftType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(GIFT_TYPES, { error: 'Gift type is required' }),
  ),
  amount: moneyField({
    required: POSITIVE_AMOUNT,
    invalid: POSITIVE_AMOUNT,
    tooManyDecimals: tooManyDecimalsMessage('Amount'),
  }).refine(isWithinRecordAmount, AMOUNT_TOO_LARGE_MESSAGE),
  description: requiredText('Description is required', 'Description', 2000),
  contents: requiredText('Contents are required', 'Contents', 2000, 'multi'),
  dateGiven: requiredIsoDate('Date is required', 'Date'),
});
export type GiftBody = z.infer<typeof GiftBody>;

export const GIFT_SORT_FIELDS = ['dateGiven'] as const;
export type GiftSortField = (typeof GIFT_SORT_FIELDS)[number];

const dateFilter = (label: string) =>
  listFilter(z.string().trim().refine(isValidIsoDate, `${label} must be a valid date (YYYY-MM-DD)`));

/**
 * The filters of GET /api/gifts and GET /api/gifts/totals. `search` matches the child's name or Beneficiary
 * ID (contains, case-insensitive); `from` and `to` are the first and last dates given included.
 */
const GIFT_FILTERS = {
  /** Narrows to one child's gifts. */
  beneficiaryId: listFilter(BeneficiaryId),
  search: listFilter(textField('Search').max(100, 'Search must be 100 characters or less')),
  giftType: listFilter(z.enum(GIFT_TYPES, { error: `Gift type must be one of: ${GIFT_TYPES.join(', ')}` })),
  from: dateFilter('From date'),
  to: dateFilter('To date'),
};
const datesInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const DATES_IN_ORDER = { path: ['to'], message: 'To date must be on or after the From date' };

export const GiftFilterQuery = z.object(GIFT_FILTERS).refine(datesInOrder, DATES_IN_ORDER);
export type GiftFilterQuery = z.infer<typeof GiftFilterQuery>;

/**
 * GET /api/gifts: by date given, newest first unless `dir` is asc (ties: the later recorded first, then the
 * id, so the order is total and a page never skips or repeats a gift), one page of at most `limit` gifts
 * (default 100, at most 500) from `offset`; the X-Total-Count header has the number of all matching gifts.
 */
export const GiftListQuery = z
  .object({
    ...GIFT_FILTERS,
    sort: listFilter(z.enum(GIFT_SORT_FIELDS, { error: `Sort must be one of: ${GIFT_SORT_FIELDS.join(', ')}` })),
    dir: z.preprocess(
      blankAs(undefined),
      z.enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' }).default('desc'),
    ),
    limit: z.preprocess(
      (value) => (value === '' || value === undefined || value === null ? undefined : value),
      z.coerce
        .number({ error: 'Limit must be a whole number' })
        .int('Limit must be a whole number')
        .min(1, 'Limit must be between 1 and 500')
        .max(500, 'Limit must be between 1 and 500')
        .default(100),
    ),
    offset: OffsetQuery,
  })
  .refine(datesInOrder, DATES_IN_ORDER);
export type GiftListQuery = z.infer<typeof GiftListQuery>;

/** GET /api/gifts/totals: how many gifts match the filters, and their amount in KSH. */
export const GiftTotals = z.object({
  count: z.number().int(),
  amount: Money,
});
export type GiftTotals = z.infer<typeof GiftTotals>;

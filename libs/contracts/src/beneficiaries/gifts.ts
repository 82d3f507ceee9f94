import { z } from 'zod';
import { IsoDate, IsoTimestamp } from '../common/dates';
import { moneyField, tooManyDecimalsMessage, requiredIsoDate, requiredText } from '../common/fields';
import { BeneficiaryId, Id } from '../common/ids';
import { Money } from '../common/money';
import { OffsetQuery } from '../common/pagination';
import { GIFT_TYPES, GiftTypeSchema } from '../enums/gifts';
import { AMOUNT_TOO_LARGE_MESSAGE, isWithinRecordAmount } from './amounts';
import { BeneficiarySummary } from './beneficiary';

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
  beneficiaryId: z.string({ error: 'Beneficiary is required' }).trim().min(1, 'Beneficiary is required'),
  giftType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(GIFT_TYPES, { error: 'Gift type is required' }),
  ),
  amount: moneyField({ required: POSITIVE_AMOUNT, invalid: POSITIVE_AMOUNT, tooManyDecimals: tooManyDecimalsMessage('Amount') }).refine(isWithinRecordAmount, AMOUNT_TOO_LARGE_MESSAGE),
  description: requiredText('Description is required', 'Description', 2000),
  contents: requiredText('Contents are required', 'Contents', 2000),
  dateGiven: requiredIsoDate('Date is required', 'Date'),
});
export type GiftBody = z.infer<typeof GiftBody>;

/**
 * GET /api/gifts: newest first (dateGiven, then creation), one page of at most `limit` gifts (default
 * 100, at most 500) from `offset`; the X-Total-Count header has the number of all matching gifts.
 * `beneficiaryId` narrows to one child's gifts.
 */
export const GiftListQuery = z.object({
  beneficiaryId: z.preprocess(
    (value) => (typeof value === 'string' && (value.trim() === '' || value.trim() === 'all') ? undefined : value),
    BeneficiaryId.optional(),
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
});
export type GiftListQuery = z.infer<typeof GiftListQuery>;

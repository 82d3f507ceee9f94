import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import { integerField, moneyField, tooManyDecimalsMessage, requiredEnum, requiredText } from '../common/fields';
import { BeneficiaryId, Id } from '../common/ids';
import { Money } from '../common/money';
import { TERMS, TermSchema } from '../enums/terms';
import { AMOUNT_TOO_LARGE_MESSAGE, isWithinRecordAmount } from './amounts';

/** One subject's grade in a term ("Mathematics - Term 1: A"). */
export const SchoolPerformance = z.object({
  id: Id,
  beneficiaryId: BeneficiaryId,
  subject: z.string(),
  term: TermSchema,
  grade: z.string(),
  createdAt: IsoTimestamp,
});
export type SchoolPerformance = z.infer<typeof SchoolPerformance>;

export const SchoolPerformanceBody = z.object({
  subject: requiredText('Subject is required', 'Subject', 100),
  term: requiredEnum(TERMS, 'Term is required', 'Term'),
  grade: requiredText('Grade is required', 'Grade', 20),
});
export type SchoolPerformanceBody = z.infer<typeof SchoolPerformanceBody>;

/** School fees for a term of a year, in KSH. */
export const SchoolFee = z.object({
  id: Id,
  beneficiaryId: BeneficiaryId,
  term: TermSchema,
  year: z.number().int(),
  amount: Money,
  createdAt: IsoTimestamp,
});
export type SchoolFee = z.infer<typeof SchoolFee>;

export const SchoolFeeBody = z.object({
  term: requiredEnum(TERMS, 'Term is required', 'Term'),
  year: integerField('Year is required', 'Year must be a whole number from 2000 to 2100', 2000, 2100),
  amount: moneyField({
    required: 'Amount is required',
    invalid: 'Amount must be a positive number',
    tooManyDecimals: tooManyDecimalsMessage('Amount'),
  }).refine(isWithinRecordAmount, AMOUNT_TOO_LARGE_MESSAGE),
});
export type SchoolFeeBody = z.infer<typeof SchoolFeeBody>;

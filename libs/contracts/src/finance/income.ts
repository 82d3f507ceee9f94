import { z } from 'zod';
import { IsoDate, IsoTimestamp } from '../common/dates';
import { moneyField, tooManyDecimalsMessage, optionalText, requiredPastIsoDate, requiredText } from '../common/fields';
import { Id } from '../common/ids';
import { Money } from '../common/money';
import { withinMaxAmount } from './amounts';

export const Income = z.object({
  id: Id,
  amount: Money,
  source: z.string(),
  date: IsoDate,
  remarks: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type Income = z.infer<typeof Income>;

/** POST /api/income and PUT /api/income/{id} (multipart). */
export const IncomeBody = z.object({
  amount: withinMaxAmount(
    moneyField({
      required: 'Amount is required',
      invalid: 'Amount must be a positive number',
      tooManyDecimals: tooManyDecimalsMessage('Amount'),
    }),
  ),
  source: requiredText('Source is required', 'Source'),
  /** The day it was received: today or earlier. */
  date: requiredPastIsoDate('Date is required', 'Date'),
  remarks: optionalText('Remarks', 2000, 'multi'),
});
export type IncomeBody = z.infer<typeof IncomeBody>;

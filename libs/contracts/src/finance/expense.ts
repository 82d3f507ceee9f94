import { z } from 'zod';
import { IsoDate, IsoTimestamp } from '../common/dates';
import {
  blankAs,
  moneyField,
  tooManyDecimalsMessage,
  requiredEnum,
  requiredPastIsoDate,
  requiredText,
  textField,
} from '../common/fields';
import { Id } from '../common/ids';
import { Money } from '../common/money';
import { EXPENSE_CATEGORIES, ExpenseCategorySchema } from '../enums/categories';
import { withinMaxAmount } from './amounts';

export const Expense = z.object({
  id: Id,
  amount: Money,
  category: ExpenseCategorySchema,
  beneficiaryId: z.string().nullable(),
  date: IsoDate,
  description: z.string(),
  /** The receipt file, when one was attached. */
  receiptUrl: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type Expense = z.infer<typeof Expense>;

/** POST /api/expenses and PUT /api/expenses/{id} (multipart, receipt in file field `receipt`). */
export const ExpenseBody = z.object({
  amount: withinMaxAmount(
    moneyField({
      required: 'Amount is required',
      invalid: 'Amount must be a positive number',
      tooManyDecimals: tooManyDecimalsMessage('Amount'),
    }),
  ),
  category: requiredEnum(EXPENSE_CATEGORIES, 'Category is required', 'Category'),
  description: requiredText('Description is required', 'Description', 2000, 'multi'),
  /** The day it was spent: today or earlier. */
  date: requiredPastIsoDate('Date is required', 'Date'),
  /** Optional: '' and 'none' mean no beneficiary. */
  beneficiaryId: z
    .preprocess(blankAs(null, ['none']), textField('Beneficiary', { error: 'Beneficiary must be an id' }).nullable())
    .optional()
    .transform((value) => value ?? null),
});
export type ExpenseBody = z.infer<typeof ExpenseBody>;

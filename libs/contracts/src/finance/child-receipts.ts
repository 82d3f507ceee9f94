import { z } from 'zod';
import { IsoDate } from '../common/dates';
import { Id } from '../common/ids';

/**
 * A receipt of one of a child's expenses, as svc-finance lists them for the export of the child's data
 * (`INTERNAL.childReceipts`): the expense it belongs to, the expense's date, the name it was uploaded under,
 * its type and size. Its bytes come from `INTERNAL.childReceiptFile`.
 */
export const ChildReceipt = z.object({
  expenseId: Id,
  date: IsoDate,
  name: z.string().min(1),
  contentType: z.string().min(1),
  size: z.number().int().nonnegative(),
});
export type ChildReceipt = z.infer<typeof ChildReceipt>;

import { z } from 'zod';
import { IsoDate, IsoTimestamp } from '../common/dates';
import { optionalIsoDate, optionalText, requiredEnum, requiredIsoDate, requiredText } from '../common/fields';
import { BeneficiaryId, Id } from '../common/ids';
import {
  SPECIAL_NEED_CATEGORIES,
  SPECIAL_NEED_STATUSES,
  SpecialNeedCategorySchema,
  SpecialNeedStatusSchema,
} from '../enums/special-needs';

export const SpecialNeed = z.object({
  id: Id,
  beneficiaryId: BeneficiaryId,
  category: SpecialNeedCategorySchema,
  description: z.string(),
  status: SpecialNeedStatusSchema,
  dateIdentified: IsoDate,
  /** Set only while the status is resolved. */
  dateResolved: IsoDate.nullable(),
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type SpecialNeed = z.infer<typeof SpecialNeed>;

/**
 * POST /api/beneficiaries/{id}/special-needs and PUT /api/special-needs/{id}.
 * dateResolved is kept only when the status is resolved; otherwise it becomes null.
 */
export const SpecialNeedBody = z
  .object({
    category: requiredEnum(SPECIAL_NEED_CATEGORIES, 'Category is required', 'Category'),
    description: requiredText('Description is required', 'Description', 2000, 'multi'),
    status: requiredEnum(SPECIAL_NEED_STATUSES, 'Status is required', 'Status'),
    dateIdentified: requiredIsoDate('Date identified is required', 'Date identified'),
    dateResolved: optionalIsoDate('Date resolved'),
    notes: optionalText('Notes', 2000, 'multi'),
  })
  .transform((value) => ({ ...value, dateResolved: value.status === 'resolved' ? value.dateResolved : null }));
export type SpecialNeedBody = z.infer<typeof SpecialNeedBody>;

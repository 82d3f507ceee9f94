import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import { integerField, requiredText } from '../common/fields';
import { BeneficiaryId, Id } from '../common/ids';

export const HouseholdMember = z.object({
  id: Id,
  beneficiaryId: BeneficiaryId,
  name: z.string(),
  relationship: z.string(),
  age: z.number().int().nonnegative(),
  createdAt: IsoTimestamp,
});
export type HouseholdMember = z.infer<typeof HouseholdMember>;

export const HouseholdMemberBody = z.object({
  name: requiredText('Name is required', 'Name'),
  relationship: requiredText('Relationship is required', 'Relationship', 100),
  age: integerField('Age is required', 'Age must be a whole number from 0 to 130', 0, 130),
});
export type HouseholdMemberBody = z.infer<typeof HouseholdMemberBody>;

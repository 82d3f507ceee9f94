import { z } from 'zod';
import { BeneficiaryId } from '../common/ids';
import { defineEvent } from './define-event';

const beneficiaryFacts = z.object({
  beneficiaryId: BeneficiaryId,
  fullName: z.string(),
  createdBy: z.string().nullable(),
});

export const BeneficiaryCreated = defineEvent('beneficiaries.beneficiary.created', beneficiaryFacts);
export const BeneficiaryUpdated = defineEvent('beneficiaries.beneficiary.updated', beneficiaryFacts);
/** Other domains drop or clear what they keep about the child (e.g. an expense's beneficiary). */
export const BeneficiaryDeleted = defineEvent('beneficiaries.beneficiary.deleted', beneficiaryFacts);

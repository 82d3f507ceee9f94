import { z } from 'zod';
import { BeneficiaryId } from '../common/ids';
import { BeneficiaryBody } from './beneficiary-body';
import { GiftBody } from './gifts';
import { HouseholdMemberBody } from './household';
import { SchoolFeeBody, SchoolPerformanceBody } from './school';
import { SpecialNeedBody } from './special-needs';

export const MAX_IMPORT_BATCH = 200;

/** One child of an import: the form's fields plus the records the detail page shows. */
export const BeneficiaryImportItem = BeneficiaryBody.extend({
  householdMembers: z.array(HouseholdMemberBody).max(30, 'At most 30 household members').default([]),
  schoolPerformance: z.array(SchoolPerformanceBody).max(100, 'At most 100 performance entries').default([]),
  schoolFees: z.array(SchoolFeeBody).max(100, 'At most 100 fee entries').default([]),
  specialNeedRecords: z.array(SpecialNeedBody).max(30, 'At most 30 special need entries').default([]),
  /** Gifts already given (without photos). */
  gifts: z
    .array(GiftBody.omit({ beneficiaryId: true }))
    .max(50, 'At most 50 gifts')
    .default([]),
});
export type BeneficiaryImportItem = z.infer<typeof BeneficiaryImportItem>;

/**
 * POST /api/beneficiaries/import (JSON; admin and superadmin): registers up to 200 children with their
 * household, performance, fees, special-need records and gifts in one transaction: all or nothing. Files
 * (birth certificate, photo, documents, gift photos) go through their own calls afterwards.
 */
export const BeneficiaryImportBody = z.object({
  beneficiaries: z
    .array(BeneficiaryImportItem, { error: 'Beneficiaries are required' })
    .min(1, 'Beneficiaries are required')
    .max(MAX_IMPORT_BATCH, `At most ${MAX_IMPORT_BATCH} beneficiaries per import`),
});
export type BeneficiaryImportBody = z.infer<typeof BeneficiaryImportBody>;

/** The new ids, in the order of the request. */
export const BeneficiaryImportAnswer = z.object({ ids: z.array(BeneficiaryId) });
export type BeneficiaryImportAnswer = z.infer<typeof BeneficiaryImportAnswer>;

/**
 * GET /internal/beneficiaries/{id}/exists (service to service): the child when it exists, and whether its
 * registration consent is withdrawn (then no other domain may link anything new to it: only export and erasure).
 */
export const BeneficiaryExistsAnswer = z.object({
  exists: z.boolean(),
  beneficiary: z.object({ id: BeneficiaryId, fullName: z.string(), photoUrl: z.string().nullable() }).nullable(),
  registrationWithdrawn: z.boolean(),
});
export type BeneficiaryExistsAnswer = z.infer<typeof BeneficiaryExistsAnswer>;

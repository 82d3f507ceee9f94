import { z } from 'zod';
import { IsoDate, IsoTimestamp } from '../common/dates';
import { BeneficiaryId } from '../common/ids';
import { CountySchema } from '../enums/counties';
import { GradeLevelSchema } from '../enums/grade-levels';

/**
 * A beneficiary as the API returns it. The photo's bytes are not part of it: `photoUrl` points at
 * GET /api/beneficiaries/{id}/photo (null when there is none).
 */
export const Beneficiary = z.object({
  id: BeneficiaryId,
  fullName: z.string(),
  dateOfBirth: IsoDate,
  /** Completed years on the day the record was read. */
  age: z.number().int().nonnegative(),
  homeVillage: z.string(),
  subCounty: z.string(),
  county: CountySchema,
  guardianName: z.string(),
  guardianPhone: z.string(),
  schoolName: z.string(),
  gradeLevel: GradeLevelSchema,
  isActive: z.boolean(),
  /** GET /api/beneficiaries/{id}/photo while a photo is stored; null otherwise. */
  photoUrl: z.string().nullable(),
  /** image/jpeg or image/png while a photo is stored. */
  photoContentType: z.string().nullable().optional(),
  /** A 128x128 JPEG of the photo (GET /api/beneficiaries/{id}/photo/thumbnail) while a photo is stored. */
  photoThumbnailUrl: z.string().nullable().optional(),
  /** GET /download/{file name} while a birth certificate is stored; null otherwise. */
  birthCertificateUrl: z.string().nullable(),
  specialNeeds: z.string().nullable(),
  /**
   * Whether the child has special needs: the specialNeeds text is filled in, or at least one special-need
   * record exists (whatever its status). The list filter `specialNeeds=yes|no`, the CSV export's
   * 'Has Special Needs' column and the dashboard's 'Special Needs Records' count all read this. The
   * service always sends it.
   */
  hasSpecialNeeds: z.boolean().optional(),
  createdBy: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type Beneficiary = z.infer<typeof Beneficiary>;

/** What a gift or an expense shows of its child. */
export const BeneficiarySummary = z.object({
  id: BeneficiaryId,
  fullName: z.string(),
  photoUrl: z.string().nullable(),
  /** The 128x128 thumbnail while a photo is stored, for avatars (optional: older services do not send it). */
  photoThumbnailUrl: z.string().nullable().optional(),
});
export type BeneficiarySummary = z.infer<typeof BeneficiarySummary>;

/** The Active/Inactive badge. */
export function activeLabel(isActive: boolean): 'Active' | 'Inactive' {
  return isActive ? 'Active' : 'Inactive';
}

import { BENEFICIARY_REQUIRED_FIELDS, phoneForDisplay, type Beneficiary } from '@kcf/contracts';
import { multipartOf } from '../../../shared/multipart';

/** What the dialog's inputs hold: every value a string, as the multipart body sends it. */
export interface BeneficiaryFormValues {
  fullName: string;
  dateOfBirth: string;
  homeVillage: string;
  subCounty: string;
  county: string;
  guardianName: string;
  guardianPhone: string;
  schoolName: string;
  gradeLevel: string;
  /** 'true' | 'false' */
  isActive: string;
  /** Not edited here (managed from the profile page) but kept, since a save replaces the record. */
  specialNeeds: string;
}

export type BeneficiaryField = keyof BeneficiaryFormValues;

/** Every field of the child the multipart body carries. */
export const BENEFICIARY_FIELDS: readonly BeneficiaryField[] = [...BENEFICIARY_REQUIRED_FIELDS, 'isActive', 'specialNeeds'];

export function initialValues(b: Beneficiary | null): BeneficiaryFormValues {
  return {
    fullName: b?.fullName ?? '',
    dateOfBirth: b?.dateOfBirth ?? '',
    homeVillage: b?.homeVillage ?? '',
    subCounty: b?.subCounty ?? '',
    county: b?.county ?? '',
    guardianName: b?.guardianName ?? '',
    // Stored in E.164: shown as Kenyans write it (the service reads either).
    guardianPhone: b ? phoneForDisplay(b.guardianPhone) : '',
    schoolName: b?.schoolName ?? '',
    gradeLevel: b?.gradeLevel ?? '',
    isActive: b ? String(b.isActive) : 'true',
    specialNeeds: b?.specialNeeds ?? '',
  };
}

/**
 * The multipart body: the child's non-empty fields, trimmed, the birth certificate when one was chosen and,
 * for a create, the consents given with it as one JSON text field (as the contract reads it).
 */
export function toFormData(values: BeneficiaryFormValues, birthCertificate: File | null, consents?: object): FormData {
  const fields: Record<string, string> = {};
  for (const field of BENEFICIARY_FIELDS) fields[field] = values[field];
  if (consents) fields.consents = JSON.stringify(consents);
  return multipartOf(fields, { birthCertificate });
}

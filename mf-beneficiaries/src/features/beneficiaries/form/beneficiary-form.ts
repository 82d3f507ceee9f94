import { BeneficiaryBody, type Beneficiary } from '@kcf/contracts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../../shared/form-errors';

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

export function initialValues(b: Beneficiary | null): BeneficiaryFormValues {
  return {
    fullName: b?.fullName ?? '',
    dateOfBirth: b?.dateOfBirth ?? '',
    homeVillage: b?.homeVillage ?? '',
    subCounty: b?.subCounty ?? '',
    county: b?.county ?? '',
    guardianName: b?.guardianName ?? '',
    guardianPhone: b?.guardianPhone ?? '',
    schoolName: b?.schoolName ?? '',
    gradeLevel: b?.gradeLevel ?? '',
    isActive: b ? String(b.isActive) : 'true',
    specialNeeds: b?.specialNeeds ?? '',
  };
}

/** The spec's messages ('Full name is required', ...) for what is wrong; empty when the form may be sent. */
export function validateBeneficiary(values: BeneficiaryFormValues): FieldErrors {
  const result = BeneficiaryBody.safeParse(values);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
}

/** The multipart body: the non-empty fields, trimmed, plus the birth certificate when one was chosen. */
export function toFormData(values: BeneficiaryFormValues, birthCertificate: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    const text = value.trim();
    if (text !== '') form.append(name, text);
  }
  if (birthCertificate) form.append('birthCertificate', birthCertificate);
  return form;
}

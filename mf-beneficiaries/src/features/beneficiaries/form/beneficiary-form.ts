import { BeneficiaryBody, phoneForDisplay, type Beneficiary } from '@kcf/contracts';
import { multipartOf } from '../../../shared/multipart';

/** A field of the child the multipart body carries: each field of the contract's body, in its order. */
export type BeneficiaryField = keyof BeneficiaryBody;

/**
 * What the dialog's inputs hold: every value a string, as the multipart body sends it (`isActive` 'true' or
 * 'false'). `specialNeeds` is not edited here (managed from the profile page) but kept, since a save replaces the record.
 */
export type BeneficiaryFormValues = Record<BeneficiaryField, string>;

/** Every field of the child the multipart body carries. */
export const BENEFICIARY_FIELDS = Object.keys(BeneficiaryBody.shape) as BeneficiaryField[];

export function initialValues(b: Beneficiary | null): BeneficiaryFormValues {
  const values = Object.fromEntries(
    BENEFICIARY_FIELDS.map((field) => [field, b?.[field] ?? '']),
  ) as BeneficiaryFormValues;
  // Stored in E.164: shown as Kenyans write it (the service reads either).
  values.guardianPhone = b ? phoneForDisplay(b.guardianPhone) : '';
  values.isActive = b ? String(b.isActive) : 'true';
  return values;
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

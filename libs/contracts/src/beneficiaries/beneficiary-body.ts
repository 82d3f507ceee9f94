import { z } from 'zod';
import { CreateConsents } from './consents';
import {
  booleanField,
  blankAs,
  LONG_TEXT_MAX,
  optionalText,
  requiredEnum,
  requiredPastIsoDate,
  requiredText,
} from '../common/fields';
import { requiredPhone } from '../common/phone-field';
import { COUNTIES } from '../enums/counties';
import { GRADE_LEVELS } from '../enums/grade-levels';

/**
 * POST /api/beneficiaries and PUT /api/beneficiaries/{id} (multipart: every value a string, plus the
 * birthCertificate file). PUT replaces the record: an omitted optional field is cleared.
 */
export const BeneficiaryBody = z.object({
  fullName: requiredText('Full name is required', 'Full name'),
  dateOfBirth: requiredPastIsoDate('Date of birth is required', 'Date of birth'),
  homeVillage: requiredText('Home village is required', 'Home village'),
  subCounty: requiredText('Sub-county is required', 'Sub-county'),
  county: requiredEnum(COUNTIES, 'County is required', 'County'),
  guardianName: requiredText('Guardian name is required', 'Guardian name'),
  /** Typed as a person writes it (0712 345 678), stored in E.164 (+254712345678). */
  guardianPhone: requiredPhone('Guardian phone is required', 'Guardian phone'),
  schoolName: requiredText('School name is required', 'School name'),
  gradeLevel: requiredEnum(GRADE_LEVELS, 'Grade level is required', 'Grade level'),
  isActive: z.preprocess(blankAs(undefined), booleanField('Status').optional()).transform((value) => value ?? true),
  specialNeeds: optionalText('Special needs', LONG_TEXT_MAX, 'multi'),
});
export type BeneficiaryBody = z.infer<typeof BeneficiaryBody>;

/**
 * POST /api/beneficiaries: the form's fields and, optionally, the consents given with it (each purpose as
 * the PUT body of /consents/{purpose}; multipart sends them as one JSON text field). Without them every
 * purpose starts not_recorded.
 */
export const BeneficiaryCreateBody = BeneficiaryBody.extend({ consents: CreateConsents });
export type BeneficiaryCreateBody = z.infer<typeof BeneficiaryCreateBody>;

/** The fields of the add/edit dialog, in the order the dialog shows them. */
export const BENEFICIARY_REQUIRED_FIELDS = [
  'fullName',
  'dateOfBirth',
  'homeVillage',
  'subCounty',
  'county',
  'guardianName',
  'guardianPhone',
  'schoolName',
  'gradeLevel',
] as const satisfies readonly (keyof BeneficiaryBody)[];

import { BeneficiaryCreateBody, type ConsentPurpose } from '@kcf/contracts';
import type { FieldIssue, FormSchema } from '@kcf/web-kit';
import {
  CONSENT_FIELDS,
  consentBodyOf,
  emptyConsentValues,
  type ConsentField,
  type ConsentFieldValues,
  type ConsentRequest,
} from '../consent/consent-fields';
import { BENEFICIARY_FIELDS, type BeneficiaryFormValues } from './beneficiary-form';

/** The purposes the Add dialog may grant besides registration (each not recorded unless ticked). */
export const OPTIONAL_PURPOSES = [
  'medical',
  'photos_internal',
  'photos_donor',
] as const satisfies readonly ConsentPurpose[];
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number];

/** The consent section's inputs, beside the child's: `consent<Field>`, and 'true' | '' per optional purpose. */
export type CreateConsentValues = { [F in ConsentField as `consent${Capitalize<F>}`]: string } & Record<
  OptionalPurpose,
  string
>;
export type AddBeneficiaryValues = BeneficiaryFormValues & CreateConsentValues;

/** The input holding a consent field in the Add dialog ('givenBy' -> 'consentGivenBy'). */
export function consentInput(field: ConsentField): keyof CreateConsentValues {
  return `consent${field[0].toUpperCase()}${field.slice(1)}` as keyof CreateConsentValues;
}

export function initialConsentValues(): CreateConsentValues {
  const empty = emptyConsentValues();
  const values = { medical: '', photos_internal: '', photos_donor: '' } as CreateConsentValues;
  for (const field of CONSENT_FIELDS) values[consentInput(field)] = empty[field];
  return values;
}

function sharedConsent(values: CreateConsentValues): ConsentFieldValues {
  return Object.fromEntries(
    CONSENT_FIELDS.map((field) => [field, values[consentInput(field)]]),
  ) as unknown as ConsentFieldValues;
}

/**
 * `consents` of the create: registration always (the dialog requires it), and each ticked purpose granted by
 * the same person, the same way, on the same date.
 */
export function createConsentsOf(values: CreateConsentValues): Partial<Record<ConsentPurpose, ConsentRequest>> {
  const body = consentBodyOf('granted', sharedConsent(values));
  const consents: Partial<Record<ConsentPurpose, ConsentRequest>> = { registration: body };
  for (const purpose of OPTIONAL_PURPOSES) if (values[purpose] === 'true') consents[purpose] = { ...body };
  return consents;
}

/** The child's fields of the create body, as the multipart sends them. */
export function childFieldsOf(values: BeneficiaryFormValues): BeneficiaryFormValues {
  return Object.fromEntries(
    BENEFICIARY_FIELDS.map((field) => [field, values[field]]),
  ) as unknown as BeneficiaryFormValues;
}

/** A consent issue's path (`consents.<purpose>.<field>`) as the input that shows it; others as they are. */
function inputPath(path: FieldIssue['path']): FieldIssue['path'] {
  if (typeof path === 'string' || path[0] !== 'consents') return path;
  const field = path[2];
  return typeof field === 'string' && (CONSENT_FIELDS as readonly string[]).includes(field)
    ? [consentInput(field as ConsentField)]
    : ['consents'];
}

/**
 * The Add dialog's check: the contract's `BeneficiaryCreateBody` (what the server validates the create
 * with), over the child's fields and the consents the dialog sends, each message under its input.
 */
export const AddBeneficiarySchema: FormSchema<unknown> = {
  safeParse(value) {
    const values = value as AddBeneficiaryValues;
    const result = BeneficiaryCreateBody.safeParse({ ...childFieldsOf(values), consents: createConsentsOf(values) });
    if (result.success) return result;
    return {
      success: false,
      error: { issues: result.error.issues.map((issue) => ({ path: inputPath(issue.path), message: issue.message })) },
    };
  },
};

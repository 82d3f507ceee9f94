import { CONSENT_METHODS, toIsoDate } from '@kcf/contracts';
import { Field, Input, Select } from '@kcf/ui';
import { now, type BoundControl } from '@kcf/web-kit';
import { METHOD_LABELS } from './consent-view';

/** The PUT body's text fields, as the inputs hold them. */
export interface ConsentFieldValues {
  givenBy: string;
  relationship: string;
  /** '' | 'signed_form' | 'verbal' */
  method: string;
  witness: string;
  date: string;
  expiresOn: string;
}
export type ConsentField = keyof ConsentFieldValues;

export const CONSENT_FIELDS: readonly ConsentField[] = [
  'givenBy',
  'relationship',
  'method',
  'witness',
  'date',
  'expiresOn',
];

export function emptyConsentValues(givenBy = ''): ConsentFieldValues {
  return { givenBy, relationship: '', method: '', witness: '', date: toIsoDate(now()), expiresOn: '' };
}

/**
 * The PUT body (and each entry of the create's `consents`): the values as typed, the witness only for a
 * verbal consent, the expiry only for a grant, blank optional fields left out. It is what the contract's
 * schema checks in the form and what is sent, so the server checks the same thing.
 */
export function consentBodyOf(
  state: 'granted' | 'withdrawn',
  values: ConsentFieldValues,
  evidenceDocumentId = '',
): ConsentRequest {
  const body: ConsentRequest = {
    state,
    givenBy: values.givenBy,
    relationship: values.relationship,
    method: values.method,
    date: values.date,
  };
  if (values.method === 'verbal' && values.witness.trim()) body.witness = values.witness;
  if (state === 'granted' && values.expiresOn.trim()) body.expiresOn = values.expiresOn;
  if (evidenceDocumentId) body.evidenceDocumentId = evidenceDocumentId;
  return body;
}

/** A consent body before the schema has checked it. */
export interface ConsentRequest {
  state: 'granted' | 'withdrawn';
  givenBy: string;
  relationship: string;
  method: string;
  witness?: string;
  date: string;
  expiresOn?: string;
  evidenceDocumentId?: string;
}

/** The first message per consent field of a schema check (the schema's paths are the body's fields). */
export function consentErrorsOf(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<ConsentField, string>> {
  const errors: Partial<Record<ConsentField, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as ConsentField;
    if (CONSENT_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export interface ConsentFieldsProps {
  /** A grant asks for the expiry too; a withdrawal names who withdrew it and when. */
  state: 'granted' | 'withdrawn';
  method: string;
  bind: (field: ConsentField) => BoundControl;
  errors: Partial<Record<ConsentField, string>>;
}

/** Who gave or withdrew the consent, their relationship, how (a witness when verbal), when, and the expiry. */
export function ConsentFields({ state, method, bind, errors }: ConsentFieldsProps) {
  const granting = state === 'granted';
  const today = toIsoDate(now());
  return (
    <>
      <Field label={granting ? 'Given By' : 'Withdrawn By'} required error={errors.givenBy}>
        <Input {...bind('givenBy')} autoComplete="off" />
      </Field>
      <Field label="Relationship to Child" required error={errors.relationship}>
        <Input {...bind('relationship')} placeholder="e.g. Mother" />
      </Field>
      <Field label="Method" required error={errors.method}>
        <Select {...bind('method')} placeholder="Select method" options={CONSENT_METHODS} labels={METHOD_LABELS} />
      </Field>
      {method === 'verbal' && (
        <Field label="Witness Name" required error={errors.witness}>
          <Input {...bind('witness')} autoComplete="off" />
        </Field>
      )}
      <Field label={granting ? 'Date Given' : 'Date Withdrawn'} required error={errors.date}>
        <Input {...bind('date')} type="date" max={today} />
      </Field>
      {granting && (
        <Field label="Expires On" error={errors.expiresOn} hint="Optional">
          <Input {...bind('expiresOn')} type="date" min={today} />
        </Field>
      )}
    </>
  );
}

import { z } from 'zod';
import { IsoDate, isValidIsoDate } from '../common/dates';
import {
  blankAs,
  DEFAULT_TEXT_MAX,
  optionalIsoDate,
  requiredEnum,
  requiredPastIsoDate,
  requiredText,
  textField,
} from '../common/fields';
import { BeneficiaryId, Id } from '../common/ids';
import { CONSENT_EXPIRING_LIMIT, CONSENT_PURPOSES } from './consent-labels';

export * from './consent-labels';

export const ConsentPurposeSchema = z.enum(CONSENT_PURPOSES, {
  error: `Consent purpose must be one of: ${CONSENT_PURPOSES.join(', ')}`,
});

/** A purpose's state: an expired grant reads as not_recorded. */
export const CONSENT_STATES = ['not_recorded', 'granted', 'withdrawn'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** What a change records: a grant or a withdrawal (not_recorded is only the absence of one). */
export const CONSENT_CHANGES = ['granted', 'withdrawn'] as const;
export const CONSENT_METHODS = ['signed_form', 'verbal'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** One purpose of one child as GET /api/beneficiaries/{id}/consents answers it (every field null while not recorded). */
export const ConsentRecord = z.object({
  purpose: ConsentPurposeSchema,
  state: z.enum(CONSENT_STATES),
  /** The guardian who gave or withdrew it. */
  givenBy: z.string().nullable(),
  relationship: z.string().nullable(),
  method: z.enum(CONSENT_METHODS).nullable(),
  /** Who witnessed a verbal consent. */
  witness: z.string().nullable(),
  date: z.string().nullable(),
  /** A grant past this date reads as not_recorded (the fields stay, so the screens can say it expired). */
  expiresOn: z.string().nullable(),
  /** The display name (or username) of the user who recorded it. */
  recordedBy: z.string().nullable(),
  /** A document of the child (a scanned consent form). */
  evidenceDocumentId: Id.nullable(),
  /** When it was recorded (ISO 8601). */
  recordedAt: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/** One recorded change, as GET /api/beneficiaries/{id}/consents/history answers them (newest first). */
export const ConsentHistoryEntry = ConsentRecord.extend({
  id: Id,
  beneficiaryId: BeneficiaryId,
  state: z.enum(CONSENT_CHANGES),
});
export type ConsentHistoryEntry = z.infer<typeof ConsentHistoryEntry>;

/**
 * Who gave or withdrew a consent must be named; the message names the field as the Consent card labels it:
 * Given By for a grant, Withdrawn By for a withdrawal.
 */
export const CONSENT_GIVEN_BY_REQUIRED = {
  granted: 'Given by is required',
  withdrawn: 'Withdrawn by is required',
} as const;

/** PUT /api/beneficiaries/{id}/consents/{purpose}, and each purpose of `consents` in POST /api/beneficiaries. */
export const ConsentBody = z
  .strictObject({
    state: requiredEnum(CONSENT_CHANGES, 'Consent state is required', 'Consent state'),
    // Blank is refused below, with the message of the state's label.
    givenBy: z.preprocess(
      (value) => (value === undefined || value === null ? '' : value),
      textField('Given by').max(DEFAULT_TEXT_MAX, `Given by must be ${DEFAULT_TEXT_MAX} characters or less`),
    ),
    relationship: requiredText('Relationship is required', 'Relationship', 100),
    method: requiredEnum(CONSENT_METHODS, 'Method is required', 'Method'),
    witness: z
      .preprocess(blankAs(null), textField('Witness').max(255, 'Witness must be 255 characters or less').nullable())
      .optional()
      .transform((value) => value ?? null),
    /** The day the guardian gave or withdrew it: today or earlier. */
    date: requiredPastIsoDate('Date is required', 'Date'),
    expiresOn: optionalIsoDate('Expiry date'),
    evidenceDocumentId: z
      .preprocess(blankAs(null), z.uuid({ error: 'Evidence document must be a document id' }).nullable())
      .optional()
      .transform((value) => value ?? null),
  })
  // Checked whatever else is wrong, so the message shows with the others.
  .refine((value) => value.givenBy !== '', {
    path: ['givenBy'],
    when: (payload) => typeof (payload.value as { givenBy?: unknown } | undefined)?.givenBy === 'string',
    error: (issue) =>
      CONSENT_GIVEN_BY_REQUIRED[
        (issue.input as { state?: unknown } | undefined)?.state === 'withdrawn' ? 'withdrawn' : 'granted'
      ],
  })
  .superRefine((value, ctx) => {
    if (value.method === 'verbal' && !value.witness)
      ctx.addIssue({ code: 'custom', path: ['witness'], message: 'Witness is required for verbal consent' });
    if (value.expiresOn && isValidIsoDate(value.date) && value.expiresOn <= value.date) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Expiry date must be after the date' });
    }
  })
  // A withdrawal does not expire.
  .transform((value) => ({ ...value, expiresOn: value.state === 'granted' ? value.expiresOn : null }));
export type ConsentBody = z.infer<typeof ConsentBody>;

/** `consents` of POST /api/beneficiaries: any of the purposes, each as the PUT body (unknown purposes refused). */
export const CreateConsents = z.preprocess(
  // A multipart create sends `consents` as one JSON text field.
  (value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .strictObject(
      {
        registration: ConsentBody.optional(),
        medical: ConsentBody.optional(),
        photos_internal: ConsentBody.optional(),
        photos_donor: ConsentBody.optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Consents may name only: ${CONSENT_PURPOSES.join(', ')}`
            : 'Consents must be an object',
      },
    )
    .optional(),
);
export type CreateConsents = z.infer<typeof CreateConsents>;

/** A granted consent that expires within CONSENT_EXPIRING_DAYS (today included). */
export const ExpiringConsent = z.object({
  beneficiaryId: BeneficiaryId,
  fullName: z.string(),
  purpose: ConsentPurposeSchema,
  /** The last day the grant counts. */
  expiresOn: IsoDate,
});
export type ExpiringConsent = z.infer<typeof ExpiringConsent>;

/**
 * What the dashboard shows of consent (svc-beneficiaries' internal overview, on the foundation's date): how
 * many children lack registration or photo consent (each the total of the list's `consent` filter), and the
 * grants expiring soonest.
 */
export const ConsentOverview = z.object({
  /** Children matching `consent=registration_missing`. */
  registrationMissing: z.number().int().nonnegative(),
  /** Children matching `consent=photos_missing`. */
  photosMissing: z.number().int().nonnegative(),
  /** Soonest first (then by child and purpose), at most CONSENT_EXPIRING_LIMIT. */
  expiring: z.array(ExpiringConsent).max(CONSENT_EXPIRING_LIMIT),
  /** How many grants expire within CONSENT_EXPIRING_DAYS in all (`expiring` may list fewer). */
  expiringTotal: z.number().int().nonnegative(),
});
export type ConsentOverview = z.infer<typeof ConsentOverview>;

// Consent's names and fixed numbers, without zod: the shell's dashboard reads them and must not load the schemas.

/**
 * Consent by purpose, recorded per child and kept as history: what a guardian agreed to for one child.
 * registration: holding the child's record at all; medical: health details (special needs of category health,
 * documents of type medical); photos_internal: photos kept and shown to staff; photos_donor: photos in anything
 * that leaves the foundation (gift cards, reports).
 */
export const CONSENT_PURPOSES = ['registration', 'medical', 'photos_internal', 'photos_donor'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  registration: 'Registration',
  medical: 'Medical',
  photos_internal: 'Photos (internal)',
  photos_donor: 'Photos in donor reports',
};

/** What the server answers (409) and the screens say when a photo of the child is refused for want of photo consent. */
export const PHOTO_CONSENT_MESSAGES = {
  withdrawn: 'Photo consent has been withdrawn for this child',
  missing: `${CONSENT_PURPOSE_LABELS.photos_internal} consent has not been recorded for this child: record it before adding a photo`,
} as const;

/**
 * What a withdrawal takes with it: a photo in a donor report is first a photo the foundation holds, so
 * withdrawing Photos (internal) withdraws a granted photos_donor too (in the same change).
 */
export const CONSENT_WITHDRAWN_WITH: Partial<Record<ConsentPurpose, readonly ConsentPurpose[]>> = {
  photos_internal: ['photos_donor'],
};

/**
 * The list filter `consent` of GET /api/beneficiaries: children without a granted registration consent
 * (`registration_missing`) or photo consent (`photos_missing`, photos_internal) today: not recorded, withdrawn,
 * or expired.
 */
export const CONSENT_LIST_FILTERS = ['registration_missing', 'photos_missing'] as const;
export type ConsentListFilter = (typeof CONSENT_LIST_FILTERS)[number];
export const CONSENT_LIST_FILTER_LABELS: Record<ConsentListFilter, string> = {
  registration_missing: 'Without registration consent',
  photos_missing: 'Without photo consent',
};

/** How far ahead the dashboard looks for consents that expire, and how many it lists. */
export const CONSENT_EXPIRING_DAYS = 30;
export const CONSENT_EXPIRING_LIMIT = 10;

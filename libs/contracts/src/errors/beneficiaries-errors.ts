import { CONSENT_PURPOSE_LABELS, PHOTO_CONSENT_MESSAGES, type ConsentPurpose } from '../beneficiaries/consent-labels';
import { DOCUMENT_UPLOAD_REQUIRED_MESSAGE } from '../beneficiaries/documents';
import { UPLOAD_MESSAGES } from '../beneficiaries/uploads';
import { API_MESSAGES } from '../common/messages';
import { defineErrors } from './catalogue';

/** The kinds of upload svc-beneficiaries takes, each with its own size and type messages. */
export type BeneficiaryUploadKind = keyof typeof UPLOAD_MESSAGES;

/**
 * Every error svc-beneficiaries answers with, beyond the common ones. (`as ErrorSpec`: an entry without
 * parameters, so `AppError.of(entry)` takes none.)
 */
export const BENEFICIARIES_ERRORS = defineErrors('beneficiaries', {
  /** No such child, or one the user may not see (a beneficiary user sees only its own child). */
  beneficiaryNotFound: { status: 404, message: API_MESSAGES.beneficiaryNotFound },
  /** A gift's form names a child that does not exist. */
  beneficiaryIdUnknown: { status: 400, message: API_MESSAGES.beneficiaryNotFound, field: 'beneficiaryId' },
  birthCertificateNotFound: { status: 404, message: 'Birth certificate not found' },
  /** A child's photo, or a gift's. */
  photoNotFound: { status: 404, message: 'Photo not found' },
  documentNotFound: { status: 404, message: 'Document not found' },
  giftNotFound: { status: 404, message: 'Gift not found' },
  specialNeedNotFound: { status: 404, message: 'Special need not found' },
  householdMemberNotFound: { status: 404, message: 'Household member not found' },
  performanceEntryNotFound: { status: 404, message: 'Performance entry not found' },
  schoolFeeNotFound: { status: 404, message: 'School fee not found' },
  /** The photo upload came without a file. */
  photoMissing: { status: 400, message: UPLOAD_MESSAGES.photo.missing, field: 'photo' },
  /** The document upload came without a file. */
  documentMissing: { status: 400, message: DOCUMENT_UPLOAD_REQUIRED_MESSAGE, field: 'document' },
  /** An upload over its kind's size limit. */
  fileTooLarge: { status: 413, message: (p: { kind: BeneficiaryUploadKind }) => UPLOAD_MESSAGES[p.kind].tooLarge },
  /** An upload whose bytes are not of a type its kind accepts (or a picture that does not decode). */
  fileWrongType: { status: 415, message: (p: { kind: BeneficiaryUploadKind }) => UPLOAD_MESSAGES[p.kind].wrongType },
  /** A multipart body with its file under another field's name. */
  unexpectedFileField: {
    status: 400,
    message: (p: { field: string }) => `Unexpected file field; the file goes in "${p.field}"`,
  },
  /** A consent path naming no purpose. */
  consentPurposeUnknown: {
    status: 400,
    message: 'Consent purpose must be one of: registration, medical, photos_internal, photos_donor',
    field: 'purpose',
  },
  /** A consent's evidence that is not a document of this child. */
  consentEvidenceUnknown: {
    status: 400,
    message: 'Evidence document not found for this child',
    field: 'evidenceDocumentId',
  },
  /** A beneficiary user may withdraw its child's consent, never grant it. */
  consentGrantNotAllowed: { status: 403, message: 'Only staff can record a grant of consent' },
  /** Registration consent withdrawn: the child's data can only be read, exported or erased. */
  registrationConsentWithdrawn: {
    status: 409,
    message: `${CONSENT_PURPOSE_LABELS.registration} consent has been withdrawn for this child: its records can no longer be changed`,
  },
  /** A document named as a consent's evidence is kept with that consent's history (an erasure removes both). */
  documentIsConsentEvidence: {
    status: 409,
    message: 'This document is the evidence of a consent and cannot be deleted',
  },
  /** Photos (internal) consent withdrawn: no photo is kept or shown. */
  photoConsentWithdrawn: { status: 409, message: PHOTO_CONSENT_MESSAGES.withdrawn },
  /** No current grant of Photos (internal) consent (never recorded, or expired): a photo may be added once it is recorded. */
  photoConsentMissing: { status: 409, message: PHOTO_CONSENT_MESSAGES.missing },
  /** Medical consent withdrawn: no new health details. */
  medicalConsentWithdrawn: {
    status: 409,
    message: (p: { what: 'special need' | 'document' }) =>
      `${CONSENT_PURPOSE_LABELS.medical} consent has been withdrawn for this child: a health ${p.what === 'document' ? 'document (type medical)' : 'special need'} cannot be added`,
  },
});

/** The purpose each consent refusal names (what the screens may link to the Consent card). */
export const CONSENT_REFUSAL_PURPOSE: Record<
  'registrationConsentWithdrawn' | 'photoConsentWithdrawn' | 'photoConsentMissing' | 'medicalConsentWithdrawn',
  ConsentPurpose
> = {
  registrationConsentWithdrawn: 'registration',
  photoConsentWithdrawn: 'photos_internal',
  photoConsentMissing: 'photos_internal',
  medicalConsentWithdrawn: 'medical',
};

import { ageInCompletedYears, type Beneficiary, type BeneficiarySummary, type IsoDate } from '@kcf/contracts';
import type { RowOf } from '@kcf/server-kit';
import { grantCounts } from '../consents/grant-until';
import { CHILD } from './beneficiary-columns';

/** The columns every read of a child selects (`b` is the beneficiaries table): every column of `CHILD`. */
export const BENEFICIARY_COLUMNS = CHILD.select('b');

/** A child's row as BENEFICIARY_COLUMNS reads it (the fields of `CHILD`). */
export type BeneficiaryRow = RowOf<typeof CHILD.columns>;

export function photoUrlOf(id: string, photoKey: string | null): string | null {
  return photoKey ? `/api/beneficiaries/${id}/photo` : null;
}

export function thumbnailUrlOf(id: string, photoKey: string | null): string | null {
  return photoKey ? `/api/beneficiaries/${id}/photo/thumbnail` : null;
}

export function birthCertificateUrlOf(fileName: string | null): string | null {
  return fileName ? `/download/${fileName}` : null;
}

/** When the stored object of row `row` shows no photo: none is stored, or no Photos (internal) grant is recorded. */
const noStoredPhoto = (row: string) => `${row}.photo_key IS NULL OR ${row}.photos_consent_until IS NULL`;

interface MadeKey {
  /** What the stored object shows, as SQL over row `row`; none: known only when read. */
  stored?: (row: string) => string;
  /** What the API shows on `today`. */
  value: (row: BeneficiaryRow, today: IsoDate) => unknown;
}

/**
 * The API keys made from other columns, after `CHILD`'s, in the API object's order. The stored object shows the
 * photo while a Photos (internal) grant is recorded; one that has expired since is hidden when read (`shownPhoto`,
 * and the list's beneficiary-json.ts).
 */
export const MADE_KEYS: Partial<Record<keyof Beneficiary, MadeKey>> = {
  photoUrl: {
    stored: (row) =>
      `CASE WHEN ${noStoredPhoto(row)} THEN NULL ELSE '/api/beneficiaries/' || ${row}.id || '/photo' END`,
    value: (row, today) => photoUrlOf(row.id, shownPhoto(row, today)),
  },
  photoContentType: {
    stored: (row) => `CASE WHEN ${noStoredPhoto(row)} THEN NULL ELSE ${row}.photo_content_type END`,
    value: (row, today) => (shownPhoto(row, today) ? row.photo_content_type : null),
  },
  photoThumbnailUrl: {
    stored: (row) =>
      `CASE WHEN ${noStoredPhoto(row)} THEN NULL ELSE '/api/beneficiaries/' || ${row}.id || '/photo/thumbnail' END`,
    value: (row, today) => thumbnailUrlOf(row.id, shownPhoto(row, today)),
  },
  birthCertificateUrl: {
    stored: (row) => `'/download/' || ${row}.birth_certificate_file`,
    value: (row) => birthCertificateUrlOf(row.birth_certificate_file),
  },
  // Last: the list adds it to each stored object (beneficiary-json.ts), counted on the day it is read.
  age: { value: (row, today) => ageInCompletedYears(row.date_of_birth, today) },
};

/**
 * A child as the API answers it: `CHILD`'s fields the API shows, then `MADE_KEYS`; the age is counted on `today`,
 * the foundation's calendar date (read once per request: a list maps many rows).
 */
export function toBeneficiary(row: BeneficiaryRow, today: IsoDate): Beneficiary {
  const made = Object.entries(MADE_KEYS).map(([key, spec]) => [key, spec!.value(row, today)]);
  return { ...CHILD.apiOf(row), ...Object.fromEntries(made) } as Beneficiary;
}

/**
 * The photo the API shows of a child on `today`: only while its Photos (internal) consent is granted (as the
 * list's `api_json` and beneficiary-json.ts do); none when it was never recorded, is withdrawn or has expired.
 */
export function shownPhoto(
  row: Pick<BeneficiaryRow, 'photo_key' | 'photos_consent_until'>,
  today: IsoDate,
): string | null {
  return grantCounts(row.photos_consent_until, today) ? row.photo_key : null;
}

/** What other records show of a child: its name, and the photo `photo_key` the caller decided may show (null: initials). */
export function toSummary(row: Pick<BeneficiaryRow, 'id' | 'full_name' | 'photo_key'>): BeneficiarySummary {
  return {
    id: row.id,
    fullName: row.full_name,
    photoUrl: photoUrlOf(row.id, row.photo_key),
    photoThumbnailUrl: thumbnailUrlOf(row.id, row.photo_key),
  };
}

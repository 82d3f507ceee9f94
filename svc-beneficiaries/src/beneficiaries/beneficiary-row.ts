import { ageInCompletedYears, type Beneficiary, type BeneficiarySummary, type County, type GradeLevel, type IsoDate } from '@kcf/contracts';
import { isoTimestamp } from '@kcf/server-kit';
import { grantCounts } from '../consents/grant-until';

/** The columns every read of a child selects (`b` is the beneficiaries table). */
export const BENEFICIARY_COLUMNS = `
  b.id, b.full_name, b.date_of_birth::text AS date_of_birth, b.home_village, b.sub_county, b.county,
  b.guardian_name, b.guardian_phone, b.school_name, b.grade_level, b.is_active, b.special_needs,
  b.has_special_needs, b.photo_key, b.photo_content_type, b.photo_thumbnail_key, b.birth_certificate_file, b.created_by,
  b.photos_consent_until::text AS photos_consent_until,
  ${isoTimestamp('b.created_at')} AS created_at, ${isoTimestamp('b.updated_at')} AS updated_at`;

export interface BeneficiaryRow {
  id: string;
  full_name: string;
  date_of_birth: string;
  home_village: string;
  sub_county: string;
  county: County;
  guardian_name: string;
  guardian_phone: string;
  school_name: string;
  grade_level: GradeLevel;
  is_active: boolean;
  special_needs: string | null;
  has_special_needs: boolean;
  photo_key: string | null;
  photo_content_type: string | null;
  photo_thumbnail_key: string | null;
  birth_certificate_file: string | null;
  /**
   * The last day the child's Photos (internal) grant counts ('infinity' without expiry; null when never recorded
   * or withdrawn): the photo is shown only while it counts, whether or not it is still stored.
   */
  photos_consent_until: string | null;
  created_by: string | null;
  /** ISO 8601 UTC */
  created_at: string;
  /** ISO 8601 UTC */
  updated_at: string;
}

export function photoUrlOf(id: string, photoKey: string | null): string | null {
  return photoKey ? `/api/beneficiaries/${id}/photo` : null;
}

export function thumbnailUrlOf(id: string, photoKey: string | null): string | null {
  return photoKey ? `/api/beneficiaries/${id}/photo/thumbnail` : null;
}

export function birthCertificateUrlOf(fileName: string | null): string | null {
  return fileName ? `/download/${fileName}` : null;
}

/**
 * A child as the API answers it; the age is counted on `today`, the foundation's calendar date (read once
 * per request: a list maps many rows).
 */
export function toBeneficiary(row: BeneficiaryRow, today: IsoDate): Beneficiary {
  const photoKey = shownPhoto(row, today);
  return {
    id: row.id,
    fullName: row.full_name,
    dateOfBirth: row.date_of_birth,
    homeVillage: row.home_village,
    subCounty: row.sub_county,
    county: row.county,
    guardianName: row.guardian_name,
    guardianPhone: row.guardian_phone,
    schoolName: row.school_name,
    gradeLevel: row.grade_level,
    isActive: row.is_active,
    photoUrl: photoUrlOf(row.id, photoKey),
    photoContentType: photoKey ? row.photo_content_type : null,
    photoThumbnailUrl: thumbnailUrlOf(row.id, photoKey),
    birthCertificateUrl: birthCertificateUrlOf(row.birth_certificate_file),
    specialNeeds: row.special_needs,
    hasSpecialNeeds: row.has_special_needs,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Last, as the list's stored objects have it (see beneficiary-json.ts).
    age: ageInCompletedYears(row.date_of_birth, today),
  };
}

/**
 * The photo the API shows of a child on `today`: only while its Photos (internal) consent is granted (as the
 * list's `api_json` and beneficiary-json.ts do); none when it was never recorded, is withdrawn or has expired.
 */
export function shownPhoto(row: Pick<BeneficiaryRow, 'photo_key' | 'photos_consent_until'>, today: IsoDate): string | null {
  return grantCounts(row.photos_consent_until, today) ? row.photo_key : null;
}

/** What other records show of a child: its name, and the photo `photo_key` the caller decided may show (null: initials). */
export function toSummary(row: Pick<BeneficiaryRow, 'id' | 'full_name' | 'photo_key'>): BeneficiarySummary {
  return { id: row.id, fullName: row.full_name, photoUrl: photoUrlOf(row.id, row.photo_key), photoThumbnailUrl: thumbnailUrlOf(row.id, row.photo_key) };
}

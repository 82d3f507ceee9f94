import { isoTimestamp } from './beneficiary-row';

/**
 * A child in the API's shape, built by PostgreSQL: the same object `toBeneficiary` makes from a
 * `BeneficiaryRow`, key for key (the list test compares every item with the child's own GET). The list
 * asks for its page as one JSON text, so Node neither parses its rows nor builds or serializes objects.
 * `b` is the beneficiaries table; `today` an SQL expression for the foundation's calendar date.
 */
export function beneficiaryJson(today: string): string {
  const withPhoto = (value: string) => `CASE WHEN b.photo_key IS NULL THEN NULL ELSE ${value} END`;
  return `json_build_object(
    'id', b.id,
    'fullName', b.full_name,
    'dateOfBirth', b.date_of_birth::text,
    'age', ${ageSql('b.date_of_birth', today)},
    'homeVillage', b.home_village,
    'subCounty', b.sub_county,
    'county', b.county,
    'guardianName', b.guardian_name,
    'guardianPhone', b.guardian_phone,
    'schoolName', b.school_name,
    'gradeLevel', b.grade_level,
    'isActive', b.is_active,
    'photoUrl', ${withPhoto(`'/api/beneficiaries/' || b.id || '/photo'`)},
    'photoContentType', ${withPhoto('b.photo_content_type')},
    'photoThumbnailUrl', ${withPhoto(`'/api/beneficiaries/' || b.id || '/photo/thumbnail'`)},
    'birthCertificateUrl', '/download/' || b.birth_certificate_file,
    'specialNeeds', b.special_needs,
    'hasSpecialNeeds', b.has_special_needs,
    'createdBy', b.created_by,
    'createdAt', ${isoTimestamp('b.created_at')},
    'updatedAt', ${isoTimestamp('b.updated_at')}
  )`;
}

/**
 * Age in completed years on `today`, as `ageInCompletedYears` counts it: `age()` subtracts field by field,
 * so its years drop by one exactly when the birthday is not yet reached (29 February included); a date of
 * birth after `today` is 0.
 */
export function ageSql(dateOfBirth: string, today: string): string {
  return `greatest(0, date_part('year', age(${today}, ${dateOfBirth}))::int)`;
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A child's photo is shown only while its Photos (internal) consent is granted: not while it is withdrawn, and not
 * while it was never recorded. The list's stored object (`api_json`, 1764600000000-beneficiary-api-json) shows
 * the photo when a current grant is recorded (`photos_consent_until`, 1797500000000-consent-list-filter); a grant
 * that has expired since is hidden when the list is read (beneficiary-json.ts), since the stored text cannot
 * know the date. The rows with a photo are written again through the trigger.
 */
export class PhotosNeedConsent1798510000000 implements MigrationInterface {
  name = 'PhotosNeedConsent1798510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(apiJsonFunction(`NEW.photo_key IS NULL OR NEW.photos_consent_until IS NULL`));
    await q.query(`UPDATE beneficiaries SET api_json = '' WHERE photo_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(apiJsonFunction(`NEW.photo_key IS NULL OR NEW.photos_withdrawn_at IS NOT NULL`));
    await q.query(`UPDATE beneficiaries SET api_json = '' WHERE photo_key IS NOT NULL`);
  }
}

/** The api_json trigger's function, with `noPhoto` deciding when the object shows no photo. */
function apiJsonFunction(noPhoto: string): string {
  return `CREATE OR REPLACE FUNCTION beneficiaries_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.api_json := json_build_object(
          'id', NEW.id,
          'fullName', NEW.full_name,
          'dateOfBirth', NEW.date_of_birth::text,
          'homeVillage', NEW.home_village,
          'subCounty', NEW.sub_county,
          'county', NEW.county,
          'guardianName', NEW.guardian_name,
          'guardianPhone', NEW.guardian_phone,
          'schoolName', NEW.school_name,
          'gradeLevel', NEW.grade_level,
          'isActive', NEW.is_active,
          'photoUrl', CASE WHEN ${noPhoto} THEN NULL ELSE '/api/beneficiaries/' || NEW.id || '/photo' END,
          'photoContentType', CASE WHEN ${noPhoto} THEN NULL ELSE NEW.photo_content_type END,
          'photoThumbnailUrl', CASE WHEN ${noPhoto} THEN NULL ELSE '/api/beneficiaries/' || NEW.id || '/photo/thumbnail' END,
          'birthCertificateUrl', '/download/' || NEW.birth_certificate_file,
          'specialNeeds', NEW.special_needs,
          'hasSpecialNeeds', NEW.special_needs IS NOT NULL OR NEW.special_need_count > 0,
          'createdBy', NEW.created_by,
          'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'updatedAt', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        )::text;
        RETURN NEW;
      END $$`;
}

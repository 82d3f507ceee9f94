import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each child keeps its API object as JSON text (`api_json`), written by a trigger on every insert and
 * update, whoever writes, so the list sends stored text instead of building 21 fields per row on every
 * page. Only `age` is left out (it changes with the day): the list adds it as the last key
 * (beneficiary-json.ts), and `toBeneficiary` puts it last too. The object is `toBeneficiary`'s, key for key;
 * the list test compares every item with the child's own GET, so a change to one without the other fails.
 * `hasSpecialNeeds` is spelled out here because a BEFORE trigger runs before generated columns are computed.
 */
export class BeneficiaryApiJson1764600000000 implements MigrationInterface {
  name = 'BeneficiaryApiJson1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE beneficiaries ADD COLUMN api_json text`);
    await q.query(`CREATE FUNCTION beneficiaries_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
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
          'photoUrl', CASE WHEN NEW.photo_key IS NULL THEN NULL ELSE '/api/beneficiaries/' || NEW.id || '/photo' END,
          'photoContentType', CASE WHEN NEW.photo_key IS NULL THEN NULL ELSE NEW.photo_content_type END,
          'photoThumbnailUrl', CASE WHEN NEW.photo_key IS NULL THEN NULL ELSE '/api/beneficiaries/' || NEW.id || '/photo/thumbnail' END,
          'birthCertificateUrl', '/download/' || NEW.birth_certificate_file,
          'specialNeeds', NEW.special_needs,
          'hasSpecialNeeds', NEW.special_needs IS NOT NULL OR NEW.special_need_count > 0,
          'createdBy', NEW.created_by,
          'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'updatedAt', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        )::text;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER beneficiaries_api_json
      BEFORE INSERT OR UPDATE ON beneficiaries
      FOR EACH ROW EXECUTE FUNCTION beneficiaries_api_json()`);
    // Every row through the trigger once.
    await q.query(`UPDATE beneficiaries SET api_json = ''`);
    await q.query(`ALTER TABLE beneficiaries ALTER COLUMN api_json SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER beneficiaries_api_json ON beneficiaries`);
    await q.query(`DROP FUNCTION beneficiaries_api_json()`);
    await q.query(`ALTER TABLE beneficiaries DROP COLUMN api_json`);
  }
}

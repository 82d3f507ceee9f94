import type { MigrationInterface, QueryRunner } from 'typeorm';

const PURPOSES = `'registration', 'medical', 'photos_internal', 'photos_donor'`;

/**
 * Consent by purpose. Every change is a row of `consent_history` (only ever inserted: a trigger refuses
 * UPDATE; rows go only with their child); a purpose's current state is its newest row, and a child with no
 * row for a purpose has it not recorded, so existing children need no rows. `photos_withdrawn_at` on the
 * child is set while photos_internal is withdrawn: the API object (here and in `api_json`) then shows no
 * photo, and the grace-period job removes the stored files once it is old enough.
 */
export class Consents1797200000000 implements MigrationInterface {
  name = 'Consents1797200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE consent_history (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        beneficiary_id varchar(20) NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN (${PURPOSES})),
        state varchar(20) NOT NULL CHECK (state IN ('granted', 'withdrawn')),
        given_by varchar(255) NOT NULL,
        relationship varchar(100) NOT NULL,
        method varchar(20) NOT NULL CHECK (method IN ('signed_form', 'verbal')),
        witness varchar(255) CHECK (method <> 'verbal' OR witness IS NOT NULL),
        date date NOT NULL,
        expires_on date CHECK (expires_on IS NULL OR state = 'granted'),
        evidence_document_id uuid,
        recorded_by varchar(100) NOT NULL,
        recorded_by_name varchar(255),
        recorded_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX consent_history_current ON consent_history (beneficiary_id, purpose, seq DESC)`);
    await q.query(`CREATE FUNCTION consent_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'consent_history is append-only';
      END $$`);
    await q.query(`CREATE TRIGGER consent_history_append_only BEFORE UPDATE ON consent_history
      FOR EACH ROW EXECUTE FUNCTION consent_history_append_only()`);

    await q.query(`ALTER TABLE beneficiaries ADD COLUMN photos_withdrawn_at timestamptz`);
    await q.query(
      `CREATE INDEX beneficiaries_photos_withdrawn ON beneficiaries (photos_withdrawn_at) WHERE photos_withdrawn_at IS NOT NULL`,
    );
    // The list's stored object (1764600000000-beneficiary-api-json) shows no photo while photo consent is withdrawn.
    // Every existing row has photos_withdrawn_at NULL, so no stored text changes.
    await q.query(apiJsonFunction(`NEW.photo_key IS NULL OR NEW.photos_withdrawn_at IS NOT NULL`));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(apiJsonFunction(`NEW.photo_key IS NULL`));
    await q.query(`ALTER TABLE beneficiaries DROP COLUMN photos_withdrawn_at`);
    await q.query(`DROP TABLE consent_history`);
    await q.query(`DROP FUNCTION consent_history_append_only()`);
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

import type { MigrationInterface, QueryRunner } from 'typeorm';
// The value lists as they were when this migration was written (a migration never changes afterwards).
const COUNTIES = ['kakamega', 'bungoma', 'vihiga', 'busia'];
const GRADE_LEVELS = [
  'play_group',
  'pre_primary_1',
  'pre_primary_2',
  'grade_1',
  'grade_2',
  'grade_3',
  'grade_4',
  'grade_5',
  'grade_6',
  'grade_7',
  'grade_8',
  'grade_9',
  'grade_10',
  'grade_11',
  'grade_12',
  'certificate_college',
  'diploma_college',
  'university_degree',
  'none',
];
const TERMS = ['Term 1', 'Term 2', 'Term 3'];
const DOCUMENT_TYPES = ['medical', 'academic', 'legal', 'photo', 'other'];
const SPECIAL_NEED_CATEGORIES = ['school_fees', 'food', 'shelter', 'health', 'clothing', 'transport', 'other'];
const SPECIAL_NEED_STATUSES = ['active', 'ongoing', 'resolved'];
const GIFT_TYPES = ['christmas', 'special'];

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The children and everything that hangs off them. Deleting a child deletes its rows here (ON DELETE
 * CASCADE); the service deletes the stored files after the delete commits.
 */
export class BeneficiariesInit1764100000000 implements MigrationInterface {
  name = 'BeneficiariesInit1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // Trigram index for "name or id contains ..." searches (a trusted extension: the database owner may create it).
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // Numbers of KCF-000123 ids; nextval() never hands the same number out twice, even to concurrent creates.
    await q.query(`CREATE SEQUENCE beneficiary_number_seq AS bigint START 1`);
    await q.query(`
      CREATE TABLE beneficiaries (
        id varchar(20) PRIMARY KEY,
        number bigint NOT NULL UNIQUE,
        full_name varchar(255) NOT NULL,
        date_of_birth date NOT NULL,
        home_village varchar(255) NOT NULL,
        sub_county varchar(255) NOT NULL,
        county varchar(20) NOT NULL CHECK (county IN (${list(COUNTIES)})),
        guardian_name varchar(255) NOT NULL,
        guardian_phone varchar(30) NOT NULL,
        school_name varchar(255) NOT NULL,
        grade_level varchar(30) NOT NULL CHECK (grade_level IN (${list(GRADE_LEVELS)})),
        -- school order of the grade (Play Group first), so that sorting by grade puts Grade 2 before Grade 10
        grade_rank smallint GENERATED ALWAYS AS (array_position(ARRAY[${list(GRADE_LEVELS)}]::varchar[], grade_level)) STORED,
        is_active boolean NOT NULL DEFAULT true,
        special_needs text,
        -- kept by the service in the same transaction as the special_needs rows
        special_need_count integer NOT NULL DEFAULT 0 CHECK (special_need_count >= 0),
        has_special_needs boolean GENERATED ALWAYS AS (special_needs IS NOT NULL OR special_need_count > 0) STORED,
        search_text text GENERATED ALWAYS AS (lower(full_name || ' ' || id)) STORED,
        -- sort keys (case-insensitive) as stored columns, so a page deep in a sorted list is found in the
        -- index alone (index-only scan; expression indexes cannot do that)
        full_name_key text GENERATED ALWAYS AS (lower(full_name)) STORED,
        guardian_name_key text GENERATED ALWAYS AS (lower(guardian_name)) STORED,
        home_village_key text GENERATED ALWAYS AS (lower(home_village)) STORED,
        school_name_key text GENERATED ALWAYS AS (lower(school_name)) STORED,
        photo_key varchar(200),
        photo_content_type varchar(50),
        photo_size integer,
        birth_certificate_file varchar(100) UNIQUE,
        birth_certificate_size integer,
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX beneficiaries_search_trgm ON beneficiaries USING gin (search_text gin_trgm_ops)`);
    // One index per sortable column, the number breaking ties (the list pages by it too).
    await q.query(`CREATE INDEX beneficiaries_sort_full_name ON beneficiaries (full_name_key, number)`);
    await q.query(`CREATE INDEX beneficiaries_sort_guardian_name ON beneficiaries (guardian_name_key, number)`);
    await q.query(`CREATE INDEX beneficiaries_sort_date_of_birth ON beneficiaries (date_of_birth, number)`);
    await q.query(`CREATE INDEX beneficiaries_sort_home_village ON beneficiaries (home_village_key, number)`);
    await q.query(`CREATE INDEX beneficiaries_sort_school_name ON beneficiaries (school_name_key, number)`);
    await q.query(`CREATE INDEX beneficiaries_sort_grade ON beneficiaries (grade_rank, number)`);
    await q.query(`CREATE INDEX beneficiaries_sort_is_active ON beneficiaries (is_active, number)`);
    await q.query(`CREATE INDEX beneficiaries_county ON beneficiaries (county, number)`);

    await q.query(`
      CREATE TABLE household_members (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        beneficiary_id varchar(20) NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        relationship varchar(100) NOT NULL,
        age smallint NOT NULL CHECK (age BETWEEN 0 AND 130),
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX household_members_beneficiary ON household_members (beneficiary_id, created_at)`);

    await q.query(`
      CREATE TABLE school_performance (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        beneficiary_id varchar(20) NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
        subject varchar(100) NOT NULL,
        term varchar(10) NOT NULL CHECK (term IN (${list(TERMS)})),
        grade varchar(20) NOT NULL,
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX school_performance_beneficiary ON school_performance (beneficiary_id, created_at)`);

    await q.query(`
      CREATE TABLE school_fees (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        beneficiary_id varchar(20) NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
        term varchar(10) NOT NULL CHECK (term IN (${list(TERMS)})),
        year integer NOT NULL,
        amount numeric(12,2) NOT NULL CHECK (amount > 0),
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX school_fees_beneficiary ON school_fees (beneficiary_id, year, term)`);

    await q.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        beneficiary_id varchar(20) NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
        original_name varchar(255) NOT NULL,
        file_name varchar(100) NOT NULL UNIQUE,
        mime_type varchar(100) NOT NULL,
        file_size integer NOT NULL,
        document_type varchar(20) NOT NULL CHECK (document_type IN (${list(DOCUMENT_TYPES)})),
        description text,
        created_by varchar(100),
        uploaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX documents_beneficiary ON documents (beneficiary_id, uploaded_at)`);

    await q.query(`
      CREATE TABLE special_needs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        beneficiary_id varchar(20) NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
        category varchar(20) NOT NULL CHECK (category IN (${list(SPECIAL_NEED_CATEGORIES)})),
        description text NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN (${list(SPECIAL_NEED_STATUSES)})),
        date_identified date NOT NULL,
        date_resolved date CHECK (date_resolved IS NULL OR status = 'resolved'),
        notes text,
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX special_needs_beneficiary ON special_needs (beneficiary_id, date_identified)`);

    await q.query(`
      CREATE TABLE gifts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        beneficiary_id varchar(20) NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
        gift_type varchar(20) NOT NULL CHECK (gift_type IN (${list(GIFT_TYPES)})),
        amount numeric(12,2) NOT NULL CHECK (amount > 0),
        description text NOT NULL,
        contents text NOT NULL,
        date_given date NOT NULL,
        photo_key varchar(200),
        photo_content_type varchar(50),
        created_by varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX gifts_newest ON gifts (date_given DESC, created_at DESC)`);
    await q.query(`CREATE INDEX gifts_beneficiary ON gifts (beneficiary_id, date_given DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'gifts',
      'special_needs',
      'documents',
      'school_fees',
      'school_performance',
      'household_members',
      'beneficiaries',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
    await q.query(`DROP SEQUENCE beneficiary_number_seq`);
  }
}

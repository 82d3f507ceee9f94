import {
  activeLabel,
  ageInCompletedYears,
  countyLabel,
  gradeLevelLabel,
  phoneForDisplay,
  BeneficiaryBody,
  type Beneficiary,
  type County,
  type GradeLevel,
  type IsoDate,
} from '@kcf/contracts';
import { column, ColumnMap, type Column, type ColumnOptions } from '@kcf/server-kit';

/** What a CSV cell may hold. */
export type CsvValue = string | number | boolean | null | undefined;

/** A column of the CSV export made from a column's value (as it is, unless `cell` says how). */
export interface CsvCell<T> {
  header: string;
  cell?(value: T, today: IsoDate): CsvValue;
}

interface ChildColumnOptions<T> extends ColumnOptions {
  api?: keyof Beneficiary;
  /** The CSV export's columns made from it, in the export's order. */
  csv?: CsvCell<T>[];
}

export type ChildColumn<T> = Column<T> & { csv?: CsvCell<T>[] };

function child<T>(type: string, options: ChildColumnOptions<T> = {}): ChildColumn<T> {
  return { ...column<T>(type, options), csv: options.csv };
}

/** Photos (internal) grant's last day: read as text, since a grant without expiry is 'infinity'. */
const asText = (ref: string) => `${ref}::text`;

/**
 * The beneficiaries table: each column a child's reads and writes use, the API key that shows it, and the CSV
 * export's columns made from it. A column is written from the add/edit form when its API key is a field of
 * contracts' `BeneficiaryBody`. The API object is these fields in this order, then the keys made from other
 * columns (beneficiary-row.ts); the CSV export's columns follow this order too. The SQL that keeps each row's
 * `api_json` is made from this map (beneficiary-json.ts) and re-created when it changes
 * (migration 9999999999999-beneficiary-api-json-function).
 */
export const CHILD = new ColumnMap({
  id: child<string>('varchar', { api: 'id', csv: [{ header: 'Beneficiary ID' }] }),
  number: child<string>('bigint'),
  full_name: child<string>('varchar', { api: 'fullName', csv: [{ header: 'Full Name' }] }),
  date_of_birth: child<IsoDate>('date', {
    api: 'dateOfBirth',
    csv: [
      { header: 'Age', cell: (dateOfBirth, today) => ageInCompletedYears(dateOfBirth, today) },
      { header: 'Date of Birth' },
    ],
  }),
  guardian_name: child<string>('varchar', { api: 'guardianName', csv: [{ header: 'Guardian Name' }] }),
  // Stored in E.164; the export writes it as Kenyans write it (0712 345 678).
  guardian_phone: child<string>('varchar', {
    api: 'guardianPhone',
    csv: [{ header: 'Guardian Phone', cell: phoneForDisplay }],
  }),
  home_village: child<string>('varchar', { api: 'homeVillage', csv: [{ header: 'Home Village' }] }),
  sub_county: child<string>('varchar', { api: 'subCounty', csv: [{ header: 'Sub County' }] }),
  county: child<County>('varchar', { api: 'county', csv: [{ header: 'County', cell: countyLabel }] }),
  school_name: child<string>('varchar', { api: 'schoolName', csv: [{ header: 'School Name' }] }),
  grade_level: child<GradeLevel>('varchar', {
    api: 'gradeLevel',
    csv: [{ header: 'Grade Level', cell: gradeLevelLabel }],
  }),
  is_active: child<boolean>('boolean', { api: 'isActive', csv: [{ header: 'Status', cell: activeLabel }] }),
  special_needs: child<string | null>('text', { api: 'specialNeeds' }),
  special_need_count: child<number>('integer'),
  has_special_needs: child<boolean>('boolean', {
    api: 'hasSpecialNeeds',
    generated: (row) => `(${row}.special_needs IS NOT NULL OR ${row}.special_need_count > 0)`,
    csv: [{ header: 'Has Special Needs', cell: (has) => (has ? 'Yes' : 'No') }],
  }),
  photo_key: child<string | null>('varchar'),
  photo_content_type: child<string | null>('varchar'),
  photo_thumbnail_key: child<string | null>('varchar'),
  birth_certificate_file: child<string | null>('varchar'),
  birth_certificate_size: child<number | null>('integer'),
  /**
   * The last day the child's Photos (internal) grant counts ('infinity' without expiry; null when never recorded
   * or withdrawn): the photo is shown only while it counts, whether or not it is still stored.
   */
  photos_consent_until: child<string | null>('date', { read: asText }),
  created_by: child<string | null>('varchar', { api: 'createdBy' }),
  /** ISO 8601 UTC */
  created_at: child<string>('timestamptz', { api: 'createdAt' }),
  /** ISO 8601 UTC */
  updated_at: child<string>('timestamptz', { api: 'updatedAt' }),
});

const FORM_KEYS = Object.keys(BeneficiaryBody.shape);

/** The columns the add/edit form (and the import) writes: those whose API key is a field of `BeneficiaryBody`. */
export const FORM_COLUMNS = CHILD.apiFields.filter(({ key }) => FORM_KEYS.includes(key)).map(({ field }) => field);

/** The form's fields as the columns that keep them. */
export function formColumns(body: BeneficiaryBody) {
  return CHILD.fromApi(body, FORM_KEYS);
}

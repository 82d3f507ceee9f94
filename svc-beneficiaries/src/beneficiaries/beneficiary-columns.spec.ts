import { Beneficiary, BeneficiaryBody } from '@kcf/contracts';
import { CHILD, FORM_COLUMNS } from './beneficiary-columns';
import { apiJsonFunction } from './beneficiary-json';
import { BENEFICIARY_COLUMNS, MADE_KEYS, toBeneficiary, type BeneficiaryRow } from './beneficiary-row';
import { EXPORT_COLUMNS, EXPORT_HEADERS, exportLine } from './csv';

const apiKeys = CHILD.apiFields.map(({ key }) => key);
/** The keys of a json_build_object text, in order. */
const jsonKeys = (sql: string) => [...sql.matchAll(/(?:json_build_object\(|, )'([a-zA-Z]+)', /g)].map((m) => m[1]);
/** The output names of a select list, in order. */
const selected = (list: string) =>
  list.split(/,\s*(?![^()]*\))/).map((item) =>
    item
      .trim()
      .split(/\s+AS\s+|\./)
      .pop()!,
  );

const row: BeneficiaryRow = {
  id: 'KCF-000001',
  number: '1',
  full_name: 'Baraka Wanjala',
  date_of_birth: '2014-03-09',
  guardian_name: 'Mary Wanjala',
  guardian_phone: '+254712345678',
  home_village: 'Shinyalu',
  sub_county: 'Lurambi',
  county: 'kakamega',
  school_name: 'Shinyalu Primary',
  grade_level: 'grade_4',
  is_active: true,
  special_needs: null,
  special_need_count: 1,
  has_special_needs: true,
  photo_key: 'beneficiaries/photos/a.png',
  photo_content_type: 'image/png',
  photo_thumbnail_key: 'beneficiaries/photos/a-thumb.jpg',
  birth_certificate_file: 'b.pdf',
  birth_certificate_size: 100,
  photos_consent_until: 'infinity',
  created_by: 'u1',
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-02T08:00:00.000Z',
};

describe('the beneficiaries column map', () => {
  it('shows every key of the API object exactly once: a column of the map, or a key made from other columns', () => {
    const keys = [...apiKeys, ...Object.keys(MADE_KEYS)];
    expect([...keys].sort()).toEqual(Object.keys(Beneficiary.shape).sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('makes the API object, the stored object and the list in one key order, age last', () => {
    const child = toBeneficiary(row, '2026-03-02');
    expect(Beneficiary.parse(child)).toEqual(child);
    expect(Object.keys(child)).toEqual([...apiKeys, ...Object.keys(MADE_KEYS)]);
    expect(jsonKeys(apiJsonFunction())).toEqual(Object.keys(child).filter((key) => key !== 'age'));
    expect(Object.keys(child).at(-1)).toBe('age');
  });

  it('builds the stored object from the row as a BEFORE trigger sees it: generated columns spelled out', () => {
    const sql = apiJsonFunction();
    expect(sql).toContain(`'hasSpecialNeeds', (NEW.special_needs IS NOT NULL OR NEW.special_need_count > 0)`);
    expect(sql).not.toContain('has_special_needs');
    expect(sql).toContain(`'dateOfBirth', to_char(NEW.date_of_birth, 'YYYY-MM-DD')`);
  });

  it('selects every column of the map for a read of a child, and only those', () => {
    expect(selected(BENEFICIARY_COLUMNS)).toEqual(CHILD.fields);
    expect(BENEFICIARY_COLUMNS).toContain(`b.photos_consent_until::text AS photos_consent_until`);
  });

  it('writes from the form every field of BeneficiaryBody, each into its column', () => {
    expect(FORM_COLUMNS.map((field) => CHILD.columns[field].api).sort()).toEqual(
      Object.keys(BeneficiaryBody.shape).sort(),
    );
  });

  it('takes the CSV export’s columns, and what it reads, from the map', () => {
    expect(EXPORT_HEADERS).toEqual([
      'Beneficiary ID',
      'Full Name',
      'Age',
      'Date of Birth',
      'Guardian Name',
      'Guardian Phone',
      'Home Village',
      'Sub County',
      'County',
      'School Name',
      'Grade Level',
      'Status',
      'Has Special Needs',
    ]);
    const read = selected(EXPORT_COLUMNS);
    expect(read.every((field) => CHILD.fields.includes(field as (typeof CHILD.fields)[number]))).toBe(true);
    expect(exportLine(row, '2026-03-02')).toBe(
      'KCF-000001,Baraka Wanjala,11,2014-03-09,Mary Wanjala,0712 345 678,Shinyalu,Lurambi,Kakamega,Shinyalu Primary,Grade 4,Active,Yes\r\n',
    );
  });
});

import { BeneficiaryListQuery, type BeneficiarySortField, type SortDirection } from '@kcf/contracts';
import { statementName } from '@kcf/server-kit';
import { pageStatement } from './beneficiary-list.repository';
import { buildFilter } from './list-sql';

const today = '2026-03-02';
const filter = buildFilter(BeneficiaryListQuery.parse({}), null, today);
/** The three texts of an order: with the count, without it forward, without it backward. */
const texts = (sort: BeneficiarySortField | undefined, dir: SortDirection) =>
  [
    pageStatement(filter, { sort, dir }, { backward: false, offset: 0, limit: 50 }, today, true),
    pageStatement(filter, { sort, dir }, { backward: false, offset: 0, limit: 50 }, today, false),
    pageStatement(filter, { sort, dir }, { backward: true, offset: 0, limit: 50 }, today, false),
  ].map((statement) => statement.sql);

describe('statementName', () => {
  it('names the same text the same way and different texts differently, within PostgreSQL’s 63 bytes', () => {
    const a = statementName('SELECT 1');
    expect(statementName('SELECT 1')).toBe(a);
    expect(statementName('SELECT 2')).not.toBe(a);
    expect(a).toMatch(/^kcf_[0-9a-f]{24}$/);
  });
});

describe('pageStatement', () => {
  it('is the hand-tuned statement, byte for byte', () => {
    const [counted, forward] = texts(undefined, 'asc');
    const where = `WHERE ($1::text IS NULL OR b.id = $1)
      AND ($2::text IS NULL OR b.search_text LIKE $2)
      AND ($3::text IS NULL OR b.county = $3)
      AND ($4::boolean IS NULL OR b.is_active = $4)
      AND ($5::boolean IS NULL OR b.has_special_needs = $5)
      AND ($6::date IS NULL OR b.registration_consent_until IS NULL OR b.registration_consent_until < $6)
      AND ($7::date IS NULL OR b.photos_consent_until IS NULL OR b.photos_consent_until < $7)`;
    const page = `
         '[' || coalesce(string_agg(left(CASE WHEN b.photos_consent_until < $10::date THEN (b.api_json::jsonb || '{"photoUrl": null, "photoContentType": null, "photoThumbnailUrl": null}'::jsonb)::text ELSE b.api_json END, -1) || ',"age":' || greatest(0, date_part('year', age($10::date, b.date_of_birth))::int) || '}', ',' ORDER BY b.number DESC), '') || ']' AS json
       FROM (SELECT b.number FROM beneficiaries b ${where} ORDER BY b.number DESC
             LIMIT $8 OFFSET $9) page
       JOIN beneficiaries b ON b.number = page.number`;
    expect(forward).toBe(`SELECT (SELECT version::text FROM beneficiaries_version) AS version, ${page}`);
    expect(counted).toBe(
      `SELECT (SELECT version::text FROM beneficiaries_version) AS version, (SELECT count(*)::int FROM beneficiaries b ${where}) AS total,${page}`,
    );
  });

  // The prepared statements' names (digests of their texts), pinned since a photo was shown only with its consent:
  // the same names are the same texts, so the list runs exactly the statements it was tuned with.
  it.each([
    [
      'default',
      'asc',
      ['kcf_78f96a630ed6ed0532fac69c', 'kcf_6c87ff3be1fadf5e1c5cf8b6', 'kcf_b97db5931b71503a7502ccc2'],
    ],
    [
      'default',
      'desc',
      ['kcf_78f96a630ed6ed0532fac69c', 'kcf_6c87ff3be1fadf5e1c5cf8b6', 'kcf_b97db5931b71503a7502ccc2'],
    ],
    ['id', 'asc', ['kcf_1c33085c086415b144e4e001', 'kcf_f2cb613ef60047a01c58868a', 'kcf_8493540e41eb687b7f85c10c']],
    ['id', 'desc', ['kcf_78f96a630ed6ed0532fac69c', 'kcf_6c87ff3be1fadf5e1c5cf8b6', 'kcf_b97db5931b71503a7502ccc2']],
    [
      'fullName',
      'asc',
      ['kcf_5b8f91cd18bdd3afd50f8200', 'kcf_ffcf65be214d4cdc0967b139', 'kcf_eeaffeb0d91136bb61274018'],
    ],
    [
      'fullName',
      'desc',
      ['kcf_7dd468416e4f3523f8fa624a', 'kcf_7e927c4714323c13f34831e8', 'kcf_1c5e183b0ffbd951e67b408c'],
    ],
    [
      'guardianName',
      'asc',
      ['kcf_3e317201785c204bd30ac296', 'kcf_0cc28c2afc76f82c06b3bc24', 'kcf_0fe80149f0dfdb2dec232d58'],
    ],
    [
      'guardianName',
      'desc',
      ['kcf_cfa5eea691bb1cf1a200812c', 'kcf_d7d9574d983840a8a7c14c13', 'kcf_03b4ad494e7d7191903817fa'],
    ],
    ['age', 'asc', ['kcf_5bf7c99e0ada4df27a3314b1', 'kcf_b419390f033bd4a025ffc8fd', 'kcf_1b0ad690d15dc74874712d8e']],
    ['age', 'desc', ['kcf_9f58149b00d49f62b64277fe', 'kcf_3d5aab9480ebb63cd6b2f089', 'kcf_45bed198f888a2d86dc1b6e3']],
    [
      'homeVillage',
      'asc',
      ['kcf_355fa3584a1f28a197d6ae37', 'kcf_0d96dc35f867d7bfdeaba3a1', 'kcf_91fdcdc5648f9abc9ab89d4e'],
    ],
    [
      'homeVillage',
      'desc',
      ['kcf_4ae582b437832e385af916bc', 'kcf_fbb7ce9e5f42132fbdbba858', 'kcf_65747641f88180fd8156e443'],
    ],
    [
      'schoolName',
      'asc',
      ['kcf_a43d5adc030fe728d8ad3ff2', 'kcf_3531d0afb815f184a2a05e6e', 'kcf_dbc77416c67b3995526062f5'],
    ],
    [
      'schoolName',
      'desc',
      ['kcf_adcb3cb51c099d656fd5f758', 'kcf_6d68a78a12cfbc61818c20ca', 'kcf_d325728f0d55c2dbe60d4d39'],
    ],
    [
      'gradeLevel',
      'asc',
      ['kcf_b299dc9578378e7b5815d8f4', 'kcf_a13c7e3ee8cb21cc6745cc46', 'kcf_5f5d4ee4fd33cef9f6bac480'],
    ],
    [
      'gradeLevel',
      'desc',
      ['kcf_adfb6a1f541518e862cf2cb8', 'kcf_524c7ed07a7530173b7eba66', 'kcf_3eb6cef7a464b87432188fec'],
    ],
    [
      'isActive',
      'asc',
      ['kcf_4d5a93a41ace2cf3af3e81a0', 'kcf_017fedf3615e9b3fd4b25261', 'kcf_720534c8fc4f9b5ae7db99ae'],
    ],
    [
      'isActive',
      'desc',
      ['kcf_b02c090e3355b24571091067', 'kcf_d8cf95dcbd9ee7bfdb9c7772', 'kcf_f37762b40b3661b138acf9e6'],
    ],
  ] as const)('sorted by %s %s is the same three statements as before', (sort, dir, names) => {
    expect(texts(sort === 'default' ? undefined : sort, dir).map(statementName)).toEqual(names);
  });

  it('keeps every value in a parameter, the filters first, then limit, offset and the day ages are counted on', () => {
    const narrowed = buildFilter(
      BeneficiaryListQuery.parse({ search: 'otieno', county: 'busia', consent: 'photos_missing' }),
      'KCF-000007',
      today,
    );
    const statement = pageStatement(
      narrowed,
      { sort: 'age', dir: 'asc' },
      { backward: true, offset: 20, limit: 10 },
      today,
      false,
    );
    expect(statement.params).toEqual(['KCF-000007', '%otieno%', 'busia', null, null, null, today, 10, 20, today]);
    expect(statement.sql).toBe(texts('age', 'asc')[2]);
  });
});

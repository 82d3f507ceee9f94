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
         '[' || coalesce(string_agg(left(b.api_json, -1) || ',"age":' || greatest(0, date_part('year', age($10::date, b.date_of_birth))::int) || '}', ',' ORDER BY b.number DESC), '') || ']' AS json
       FROM (SELECT b.number FROM beneficiaries b ${where} ORDER BY b.number DESC
             LIMIT $8 OFFSET $9) page
       JOIN beneficiaries b ON b.number = page.number`;
    expect(forward).toBe(`SELECT (SELECT version::text FROM beneficiaries_version) AS version, ${page}`);
    expect(counted).toBe(`SELECT (SELECT version::text FROM beneficiaries_version) AS version, (SELECT count(*)::int FROM beneficiaries b ${where}) AS total,${page}`);
  });

  // The prepared statements' names (digests of their texts), pinned since the consent filter was added:
  // the same names are the same texts, so the list runs exactly the statements it was tuned with.
  it.each([
    ['default', 'asc', ['kcf_eb14623472fde9c7df63f465', 'kcf_864caebc2f6d76b3c07eb06c', 'kcf_5f4f8a065964e1082f0ac939']],
    ['default', 'desc', ['kcf_eb14623472fde9c7df63f465', 'kcf_864caebc2f6d76b3c07eb06c', 'kcf_5f4f8a065964e1082f0ac939']],
    ['id', 'asc', ['kcf_f38bd52fa42b2a7e89657b92', 'kcf_eb58f4a55254c586b5ed6372', 'kcf_0f1fcd2f4b3598dbb11c3814']],
    ['id', 'desc', ['kcf_eb14623472fde9c7df63f465', 'kcf_864caebc2f6d76b3c07eb06c', 'kcf_5f4f8a065964e1082f0ac939']],
    ['fullName', 'asc', ['kcf_79ccdbf5e1da90ed6f854302', 'kcf_eed57cd39e067805a8ac0649', 'kcf_eba55b739b56d6a52b83f529']],
    ['fullName', 'desc', ['kcf_e3ce42f5e2c385d93e103331', 'kcf_6c24257837f00a65dba6b530', 'kcf_0c056b6cd064a91820060568']],
    ['guardianName', 'asc', ['kcf_e82230d784bf8520743ec3f7', 'kcf_dd7de8edc0f5c6da927c03db', 'kcf_7ae0bdf8bedf9c8a3284a35d']],
    ['guardianName', 'desc', ['kcf_e9bfbed1b1322b52cea16f70', 'kcf_d8c951786be006dc8200a95a', 'kcf_140a48daba1e818e065b966e']],
    ['age', 'asc', ['kcf_af4b795af30b927e2ac5716e', 'kcf_8da06748f20d5e179bb6f16b', 'kcf_52138c7dce3617f6ad2f8f5e']],
    ['age', 'desc', ['kcf_75ab01c719b0f8aaea6801cc', 'kcf_3034a6ba314d91faa35702e6', 'kcf_59510426c82464fa999b0366']],
    ['homeVillage', 'asc', ['kcf_f9bd0325401b18f1531053d1', 'kcf_d3ac2addd651397041617179', 'kcf_cc0701a08f9298b920d3f863']],
    ['homeVillage', 'desc', ['kcf_1a4be66187167cd1160a574e', 'kcf_a3d07cbde2cf56d873e69974', 'kcf_cf9a77a0353bcbebe263f486']],
    ['schoolName', 'asc', ['kcf_edd0e54a749dc66fd972dd3f', 'kcf_54c0d1bf0d3d8191e6fb2feb', 'kcf_184f11f751876ce9243965a5']],
    ['schoolName', 'desc', ['kcf_9ffadecc9d0f77347151071f', 'kcf_e3b1c06b468df6635fa22d25', 'kcf_d0b5342bc740b5ccc32aa911']],
    ['gradeLevel', 'asc', ['kcf_0aa3b44161985b8dae13338d', 'kcf_0682a103038ae1a3b06f96da', 'kcf_b2ff213881eb6a95fbd1a359']],
    ['gradeLevel', 'desc', ['kcf_a797b17955ad2effe1a08b2a', 'kcf_f2b075d3defaa63482ed9291', 'kcf_3537e2a8a4d63676b59224b4']],
    ['isActive', 'asc', ['kcf_ff231f3a7851b15a8be705e9', 'kcf_ad17e22470b3ad2d8bdd9636', 'kcf_cd00dd5ef3734bad2fa60025']],
    ['isActive', 'desc', ['kcf_8967493d21b804258f3484c8', 'kcf_59df2bcb36c9ab5f97f0751c', 'kcf_dbdf75f40749421e09908c71']],
  ] as const)('sorted by %s %s is the same three statements as before', (sort, dir, names) => {
    expect(texts(sort === 'default' ? undefined : sort, dir).map(statementName)).toEqual(names);
  });

  it('keeps every value in a parameter, the filters first, then limit, offset and the day ages are counted on', () => {
    const narrowed = buildFilter(BeneficiaryListQuery.parse({ search: 'otieno', county: 'busia', consent: 'photos_missing' }), 'KCF-000007', today);
    const statement = pageStatement(narrowed, { sort: 'age', dir: 'asc' }, { backward: true, offset: 20, limit: 10 }, today, false);
    expect(statement.params).toEqual(['KCF-000007', '%otieno%', 'busia', null, null, null, today, 10, 20, today]);
    expect(statement.sql).toBe(texts('age', 'asc')[2]);
  });
});

import { BeneficiaryListQuery, type BeneficiarySortField, type SortDirection } from '@kcf/contracts';
import { statementName } from '@kcf/server-kit';
import { pageStatement } from './beneficiary-list.repository';
import { buildFilter } from './list-sql';

const filter = buildFilter(BeneficiaryListQuery.parse({}), null);
const today = '2026-03-02';
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
      AND ($5::boolean IS NULL OR b.has_special_needs = $5)`;
    const page = `
         '[' || coalesce(string_agg(left(b.api_json, -1) || ',"age":' || greatest(0, date_part('year', age($8::date, b.date_of_birth))::int) || '}', ',' ORDER BY b.number DESC), '') || ']' AS json
       FROM (SELECT b.number FROM beneficiaries b ${where} ORDER BY b.number DESC
             LIMIT $6 OFFSET $7) page
       JOIN beneficiaries b ON b.number = page.number`;
    expect(forward).toBe(`SELECT (SELECT version::text FROM beneficiaries_version) AS version, ${page}`);
    expect(counted).toBe(`SELECT (SELECT version::text FROM beneficiaries_version) AS version, (SELECT count(*)::int FROM beneficiaries b ${where}) AS total,${page}`);
  });

  // The prepared statements' names (digests of their texts) before the statements moved into the repository:
  // the same names are the same texts, so the list runs exactly the statements it was tuned with.
  it.each([
    ['default', 'asc', ['kcf_b055651cf143deed9a0b9f15', 'kcf_b2c43663dff81fca7dcb5eb7', 'kcf_9d67f218b18cd19cb27d4824']],
    ['default', 'desc', ['kcf_b055651cf143deed9a0b9f15', 'kcf_b2c43663dff81fca7dcb5eb7', 'kcf_9d67f218b18cd19cb27d4824']],
    ['id', 'asc', ['kcf_4f0a1e163aeab5ea48141318', 'kcf_2f2b87f3f3728d712d023f98', 'kcf_77503c3b93e46f812eb83fc6']],
    ['id', 'desc', ['kcf_b055651cf143deed9a0b9f15', 'kcf_b2c43663dff81fca7dcb5eb7', 'kcf_9d67f218b18cd19cb27d4824']],
    ['fullName', 'asc', ['kcf_8e4066d086d604a9864beec8', 'kcf_8a073446984bc9bd15fd4f74', 'kcf_2cb0b2ad710a409d8529993f']],
    ['fullName', 'desc', ['kcf_96f205860534c2cfd7e03274', 'kcf_a47581112a97a684c9f6d9ad', 'kcf_02c06399595194ce3ea96173']],
    ['guardianName', 'asc', ['kcf_cc50d01a7c7a72602af4f6b8', 'kcf_99db9047d9ca3fab562fbc65', 'kcf_25f8bbbda58a1e2642dfd8c1']],
    ['guardianName', 'desc', ['kcf_8c03861a2ed5c4cb6e768649', 'kcf_95f8374077e4092964a91200', 'kcf_fae0d8a674b630f5348e543b']],
    ['age', 'asc', ['kcf_baaef92e1b9adf3743cd2182', 'kcf_f47779aa259a4b11dc400085', 'kcf_69416e069e1b255e30d371a6']],
    ['age', 'desc', ['kcf_b8bff3763339f22a4ccb2c54', 'kcf_b2ea4494f8bdd7f66ce4efb4', 'kcf_d34533c3871ac91b5a67a991']],
    ['homeVillage', 'asc', ['kcf_0f4c457b3c9f076e68c5422c', 'kcf_455165401543fa14dc6ec8d2', 'kcf_31355173aff6b4f820b25dd1']],
    ['homeVillage', 'desc', ['kcf_eff304bfda0a180b1dff57d8', 'kcf_729f3f981c95d0ffcbf3696c', 'kcf_11fa7888d525547fd8d90d1d']],
    ['schoolName', 'asc', ['kcf_fce4c9ca405f4b7a42c060d2', 'kcf_c22ecdc27326eefbd153cd15', 'kcf_c99ffebf6847ac609b11b849']],
    ['schoolName', 'desc', ['kcf_530e8b2960977c77ef1f6d3d', 'kcf_360e9cd4b305c3daddd05ca3', 'kcf_8ee2bc24c9b8646fcb3a0972']],
    ['gradeLevel', 'asc', ['kcf_68305509758a75deea11f560', 'kcf_76ac4d9c33fefa7af120a509', 'kcf_10f37448f7e6e0f126a467b4']],
    ['gradeLevel', 'desc', ['kcf_9a4db43e650480aabb1fdd06', 'kcf_e24c92851f3dc7ed5dab2277', 'kcf_f5332b85690fb0b9d4d219c6']],
    ['isActive', 'asc', ['kcf_e9af88654f6c04d8b00e5352', 'kcf_c01e2ce112e673a85c97d410', 'kcf_0fc563c4ea040aa0ba74853c']],
    ['isActive', 'desc', ['kcf_9b9368beca1090eac2bf5297', 'kcf_99d1d3aba44488191f1c8e55', 'kcf_e14d98f611745d8b411cbfde']],
  ] as const)('sorted by %s %s is the same three statements as before', (sort, dir, names) => {
    expect(texts(sort === 'default' ? undefined : sort, dir).map(statementName)).toEqual(names);
  });

  it('keeps every value in a parameter, the filters first, then limit, offset and the day ages are counted on', () => {
    const narrowed = buildFilter(BeneficiaryListQuery.parse({ search: 'otieno', county: 'busia' }), 'KCF-000007');
    const statement = pageStatement(narrowed, { sort: 'age', dir: 'asc' }, { backward: true, offset: 20, limit: 10 }, today, false);
    expect(statement.params).toEqual(['KCF-000007', '%otieno%', 'busia', null, null, 10, 20, today]);
    expect(statement.sql).toBe(texts('age', 'asc')[2]);
  });
});

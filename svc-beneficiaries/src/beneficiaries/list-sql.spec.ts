import { BeneficiaryListQuery } from '@kcf/contracts';
import { buildFilter, buildOrder, escapeLike } from './list-sql';

describe('buildFilter', () => {
  it('has no WHERE without filters', () => {
    expect(buildFilter(BeneficiaryListQuery.parse({}), null)).toEqual({ where: '', params: [] });
  });

  it('puts every value in a parameter, never in the SQL text', () => {
    const filter = buildFilter(
      BeneficiaryListQuery.parse({ search: "O'Brien; DROP TABLE", county: 'busia', schoolStatus: 'inactive', specialNeeds: 'no' }),
      null,
    );
    expect(filter.where).toBe('WHERE b.search_text LIKE $1 AND b.county = $2 AND b.is_active = $3 AND b.has_special_needs = $4');
    expect(filter.params).toEqual(["%o'brien; drop table%", 'busia', false, false]);
  });

  it('narrows a beneficiary user to its child before any other filter', () => {
    const filter = buildFilter(BeneficiaryListQuery.parse({ specialNeeds: 'yes' }), 'KCF-000007');
    expect(filter).toEqual({ where: 'WHERE b.id = $1 AND b.has_special_needs = $2', params: ['KCF-000007', true] });
  });

  it('searches for % and _ literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(buildFilter(BeneficiaryListQuery.parse({ search: '100%' }), null).params).toEqual(['%100\\%%']);
  });
});

describe('buildOrder', () => {
  it('puts the newest registrations first by default', () => {
    expect(buildOrder(undefined, 'asc')).toBe('ORDER BY b.number DESC');
  });

  it('sorts names case-insensitively, ties broken by the id number in the same direction', () => {
    expect(buildOrder('fullName', 'asc')).toBe('ORDER BY b.full_name_key ASC, b.number ASC');
    expect(buildOrder('guardianName', 'desc')).toBe('ORDER BY b.guardian_name_key DESC, b.number DESC');
  });

  it('sorts the youngest first for age ascending (latest birth date first)', () => {
    expect(buildOrder('age', 'asc')).toBe('ORDER BY b.date_of_birth DESC, b.number DESC');
    expect(buildOrder('age', 'desc')).toBe('ORDER BY b.date_of_birth ASC, b.number ASC');
  });

  it('sorts grades in school order and ids by their number', () => {
    expect(buildOrder('gradeLevel', 'asc')).toBe('ORDER BY b.grade_rank ASC, b.number ASC');
    expect(buildOrder('id', 'desc')).toBe('ORDER BY b.number DESC');
  });
});

import { INTERNAL } from './endpoints';

describe('INTERNAL paths', () => {
  it('fills in route parameters and adds the query string, each value encoded', () => {
    expect(INTERNAL.beneficiaryExists.path({ id: 'KCF-000001' })).toBe('/internal/beneficiaries/KCF-000001/exists');
    expect(INTERNAL.termBudgets.path({ year: 2025, quarter: 'Term 2' })).toBe(
      '/api/budgets?year=2025&quarter=Term%202',
    );
    expect(INTERNAL.newestBeneficiaries.path({ limit: 5 })).toBe('/api/beneficiaries?limit=5');
    expect(INTERNAL.financeStats.path(undefined)).toBe('/internal/stats');
  });

  it('keeps only what the dashboard shows of a list row', () => {
    const row = {
      id: 'KCF-000001',
      fullName: 'Amani',
      photoUrl: null,
      isActive: true,
      createdAt: '2025-03-01T08:00:00.000Z',
      guardianPhone: '0722 000 111',
    };
    expect(INTERNAL.newestBeneficiaries.answer.parse([row])).toEqual([
      { id: 'KCF-000001', fullName: 'Amani', photoUrl: null, isActive: true, createdAt: '2025-03-01T08:00:00.000Z' },
    ]);
  });
});

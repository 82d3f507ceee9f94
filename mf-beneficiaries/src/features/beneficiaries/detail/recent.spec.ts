import type { SchoolFee, SchoolPerformance } from '@kcf/contracts';
import { RECENT_COUNT, sortFees, sortPerformance } from './recent';

const fee = (id: string, term: string, year: number, createdAt = '2025-01-01T00:00:00.000Z') =>
  ({ id, beneficiaryId: 'KCF-000001', term, year, amount: '1000.00', createdAt }) as SchoolFee;

describe('the most recent school rows', () => {
  it('orders fees by year, then term, then when they were recorded', () => {
    const rows = [
      fee('a', 'Term 3', 2023),
      fee('b', 'Term 1', 2025),
      fee('c', 'Term 2', 2024),
      fee('d', 'Term 1', 2025, '2025-02-01T00:00:00.000Z'),
      fee('e', 'Term 3', 2024),
    ];
    expect(sortFees(rows).map((f) => f.id)).toEqual(['d', 'b', 'e', 'c', 'a']);
    expect(sortFees(rows).slice(0, RECENT_COUNT)).toHaveLength(3);
  });

  it('orders performance entries newest first', () => {
    const rows = ['2024-05-01', '2025-01-10', '2024-12-31'].map(
      (day, i) => ({ id: String(i), subject: 'Maths', term: 'Term 1', grade: 'A', createdAt: `${day}T08:00:00.000Z` }) as SchoolPerformance,
    );
    expect(sortPerformance(rows).map((p) => p.id)).toEqual(['1', '2', '0']);
  });
});

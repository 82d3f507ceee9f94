import type { SchoolFee, SchoolPerformance } from '@kcf/contracts';
import { byTermAndYear, RECENT_COUNT, sortFees, sortPerformance } from './recent';

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
      (day, i) =>
        ({
          id: String(i),
          subject: 'Maths',
          term: 'Term 1',
          grade: 'A',
          createdAt: `${day}T08:00:00.000Z`,
        }) as SchoolPerformance,
    );
    expect(sortPerformance(rows).map((p) => p.id)).toEqual(['1', '2', '0']);
  });
});

describe('every school row, by term and year', () => {
  const perf = (id: string, term: string, createdAt: string) =>
    ({ id, beneficiaryId: 'KCF-000001', subject: 'Maths', term, grade: 'A', createdAt }) as SchoolPerformance;

  it('orders fees by year and term, either way', () => {
    const rows = [
      fee('a', 'Term 3', 2023),
      fee('b', 'Term 1', 2025),
      fee('c', 'Term 2', 2024),
      fee('d', 'Term 1', 2024),
    ];
    expect(byTermAndYear(rows, 'desc').map((f) => f.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(byTermAndYear(rows, 'asc').map((f) => f.id)).toEqual(['a', 'd', 'c', 'b']);
  });

  it('orders performance by the year it was recorded, then its term', () => {
    const rows = [
      perf('a', 'Term 3', '2024-10-01T00:00:00.000Z'),
      perf('b', 'Term 1', '2025-02-01T00:00:00.000Z'),
      perf('c', 'Term 1', '2024-02-01T00:00:00.000Z'),
    ];
    expect(byTermAndYear(rows, 'desc').map((p) => p.id)).toEqual(['b', 'a', 'c']);
    expect(byTermAndYear(rows, 'asc').map((p) => p.id)).toEqual(['c', 'a', 'b']);
  });
});

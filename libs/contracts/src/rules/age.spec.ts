import { ageInCompletedYears } from './age';

describe('ageInCompletedYears', () => {
  it('counts the year on the birthday itself', () => {
    expect(ageInCompletedYears('2014-06-15', '2024-06-15')).toBe(10);
  });

  it('counts one less the day before the birthday', () => {
    expect(ageInCompletedYears('2014-06-15', '2024-06-14')).toBe(9);
  });

  it('counts one less when the birthday month is still ahead', () => {
    expect(ageInCompletedYears('2014-12-01', '2024-06-15')).toBe(9);
  });

  it('treats a 29 February birthday as reached on 1 March in common years', () => {
    expect(ageInCompletedYears('2012-02-29', '2023-02-28')).toBe(10);
    expect(ageInCompletedYears('2012-02-29', '2023-03-01')).toBe(11);
    expect(ageInCompletedYears('2012-02-29', '2024-02-29')).toBe(12);
  });

  it('gives 0 for a newborn and for a date of birth after today', () => {
    expect(ageInCompletedYears('2024-06-15', '2024-06-15')).toBe(0);
    expect(ageInCompletedYears('2025-01-01', '2024-06-15')).toBe(0);
  });

  it('reads today from an instant on the foundation clock', () => {
    // 14 June 21:30 UTC is already 15 June in Nairobi.
    expect(ageInCompletedYears('2014-06-15', new Date('2024-06-14T21:30:00Z'))).toBe(10);
  });
});

import { monthlyReportMonth } from './monthly-report';

const page = (from: string | null = null, to: string | null = null, offset = 0) => ({ limit: 500, offset, from, to, purpose: 'monthly-report' as const });

describe('monthlyReportMonth', () => {
  it("is the month of the Monthly Report's first read: from its first day to its last", () => {
    expect(monthlyReportMonth(page('2026-10-01', '2026-10-31'))).toBe('2026-10');
    expect(monthlyReportMonth(page('2028-02-01', '2028-02-29'))).toBe('2028-02');
    expect(monthlyReportMonth(page('2026-04-01', '2026-04-30'))).toBe('2026-04');
  });

  it('is null for anything else: no range, part of a month, more than a month, a later page', () => {
    expect(monthlyReportMonth(page())).toBeNull();
    expect(monthlyReportMonth(page('2026-10-01'))).toBeNull();
    expect(monthlyReportMonth(page('2026-10-01', '2026-10-30'))).toBeNull();
    expect(monthlyReportMonth(page('2026-10-02', '2026-10-31'))).toBeNull();
    expect(monthlyReportMonth(page('2026-09-01', '2026-10-31'))).toBeNull();
    expect(monthlyReportMonth(page('2025-10-01', '2026-10-31'))).toBeNull();
    expect(monthlyReportMonth(page('2026-02-01', '2026-02-29'))).toBeNull();
    expect(monthlyReportMonth(page('2026-10-01', '2026-10-31', 500))).toBeNull();
  });

  it('is null for a month read by anything but the report (a filter of the list)', () => {
    expect(monthlyReportMonth({ ...page('2026-10-01', '2026-10-31'), purpose: undefined })).toBeNull();
  });
});

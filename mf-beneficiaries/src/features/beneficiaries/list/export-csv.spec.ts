import { fileNameFromDisposition } from './export-csv';

describe('fileNameFromDisposition', () => {
  it("reads the server's file name, plain or encoded", () => {
    expect(fileNameFromDisposition('attachment; filename="Beneficiaries_Report_2025_03_09.csv"')).toBe(
      'Beneficiaries_Report_2025_03_09.csv',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''Beneficiaries_Report_2025_03_09.csv")).toBe(
      'Beneficiaries_Report_2025_03_09.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
  });

  it('gives null when there is no name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});

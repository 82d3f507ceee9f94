import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Makokha, Jr')).toBe('"Makokha, Jr"');
    expect(csvCell('Dan "Danny"')).toBe('"Dan ""Danny"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('keeps spreadsheet formulas from running, but leaves phone numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd|x')).toBe("'+cmd|x");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+254 712 345678')).toBe('+254 712 345678');
    expect(csvCell('0712345678')).toBe('"=""0712345678"""');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});

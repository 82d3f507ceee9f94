import { csvCell, csvLine } from './csv';

/**
 * Reads a CSV file as a spreadsheet opening it does: RFC 4180 fields, then each field's value inferred the
 * way Excel and LibreOffice do: a text formula ="…" shows its text, a field that reads as a number becomes
 * that number (leading zeros and + dropped, more than 15 digits cut), anything else stays text.
 */
function openAsSpreadsheet(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.map((cells) => cells.map(shownValue));
}

function shownValue(field: string): string {
  const textFormula = /^="((?:[^"]|"")*)"$/.exec(field);
  if (textFormula) return textFormula[1].replace(/""/g, '"');
  if (/^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(field)) {
    const value = Number(field);
    // Excel keeps 15 significant digits and shows 12 or more as a scientific number.
    return Math.abs(value) >= 1e11
      ? value.toExponential(5).replace(/e\+?/, 'E+')
      : String(Number(value.toPrecision(15)));
  }
  return field;
}

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Makokha, Jr')).toBe('"Makokha, Jr"');
    expect(csvCell('Dan "Danny"')).toBe('"Dan ""Danny"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('keeps spreadsheet formulas from running, but leaves phone numbers with spaces and amounts alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd|x')).toBe("'+cmd|x");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+254 712 345678')).toBe('+254 712 345678');
    expect(csvCell('-0.25')).toBe('-0.25');
    expect(csvCell('1500.00')).toBe('1500.00');
  });

  it('writes phone numbers and digit ids so that a spreadsheet keeps them as text', () => {
    const file =
      csvLine(['Guardian Phone', 'Other Phone', 'Number', 'Amount']) +
      csvLine(['0712345678', '+254712345678', '123456789012345678', '2500.00']);
    expect(openAsSpreadsheet(file)).toEqual([
      ['Guardian Phone', 'Other Phone', 'Number', 'Amount'],
      ['0712345678', '+254712345678', '123456789012345678', '2500'],
    ]);
  });

  it('shows a phone number whole in the text as well', () => {
    expect(csvCell('0712345678')).toBe('"=""0712345678"""');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});

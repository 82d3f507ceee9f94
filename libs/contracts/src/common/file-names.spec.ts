import { cleanFileName, withoutControlCharacters } from './file-names';

describe('cleanFileName', () => {
  it('drops the right-to-left override that makes "a\\u202Efdp.exe" read as "aexe.pdf"', () => {
    expect(cleanFileName('a\u202Efdp.exe', 'document.pdf')).toBe('afdp.exe');
  });

  it.each([
    ['U+202A-U+202E embeddings and overrides', '\u202A\u202B\u202C\u202D\u202E'],
    ['U+2066-U+2069 isolates', '\u2066\u2067\u2068\u2069'],
    ['U+200E, U+200F and U+061C marks', '\u200E\u200F\u061C'],
    ['C0 controls and DEL', '\u0000\u0007\t\n\r\u001b\u001f\u007f'],
    ['C1 controls', '\u0080\u0085\u009b\u009f'],
    ['line and paragraph separators', '\u2028\u2029'],
  ])('drops %s', (_what, characters) => {
    expect(cleanFileName(`Ripoti${characters}.pdf`, 'document.pdf')).toBe('Ripoti.pdf');
    expect(withoutControlCharacters(`a${characters}b`)).toBe('ab');
  });

  it('keeps letters, digits and marks of every script', () => {
    expect(cleanFileName('Wanjirũ ripoti ٢٠٢٦ – 学校.pdf', 'x')).toBe('Wanjirũ ripoti ٢٠٢٦ – 学校.pdf');
  });

  it('keeps the last path segment only and falls back when nothing is left', () => {
    expect(cleanFileName('../../etc/Report.pdf', 'x')).toBe('Report.pdf');
    expect(cleanFileName('C:\\Users\\me\\Scan.PNG', 'x')).toBe('Scan.PNG');
    expect(cleanFileName('\u202E\u0000 ', 'receipt.pdf')).toBe('receipt.pdf');
    expect(cleanFileName('..', 'document.docx')).toBe('document.docx');
    expect(cleanFileName(undefined, 'document.jpg')).toBe('document.jpg');
  });

  it('shortens to 255 characters, keeping the extension and whole characters', () => {
    const long = cleanFileName(`${'a'.repeat(300)}.pdf`, 'x');
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
    const emoji = Array.from(cleanFileName(`${'😀'.repeat(300)}.pdf`, 'x'));
    expect(emoji).toHaveLength(255);
    expect(emoji.slice(0, -4).every((c) => c === '😀')).toBe(true);
  });
});

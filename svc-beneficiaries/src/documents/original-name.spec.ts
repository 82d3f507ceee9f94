import { cleanOriginalName } from './original-name';

describe('cleanOriginalName', () => {
  it('keeps the base name only', () => {
    expect(cleanOriginalName('../../etc/Report.pdf', 'pdf')).toBe('Report.pdf');
    expect(cleanOriginalName('C:\\Users\\me\\Scan.PNG', 'png')).toBe('Scan.PNG');
  });

  it('drops control characters and names a nameless file', () => {
    expect(cleanOriginalName('bad\u0000name\n.pdf', 'pdf')).toBe('badname.pdf');
    expect(cleanOriginalName('..', 'docx')).toBe('document.docx');
    expect(cleanOriginalName(undefined, 'jpg')).toBe('document.jpg');
  });

  it('drops bidi controls, so a name reads as what it is', () => {
    expect(cleanOriginalName('a\u202Efdp.exe', 'pdf')).toBe('afdp.exe');
    expect(cleanOriginalName('\u2066Ripoti\u2069\u200E\u0085\u2028.pdf', 'pdf')).toBe('Ripoti.pdf');
  });

  it('shortens long names to 255 characters, keeping the extension', () => {
    const name = cleanOriginalName(`${'a'.repeat(300)}.pdf`, 'pdf');
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

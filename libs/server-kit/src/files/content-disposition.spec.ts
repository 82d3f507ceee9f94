import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII name and the exact UTF-8 one', () => {
    expect(contentDisposition('inline', 'Ripoti ya Shule.pdf')).toBe(
      `inline; filename="Ripoti ya Shule.pdf"; filename*=UTF-8''Ripoti%20ya%20Shule.pdf`,
    );
    expect(contentDisposition('attachment', 'Wanjirũ "cv".docx')).toBe(
      `attachment; filename="Wanjir_ _cv_.docx"; filename*=UTF-8''Wanjir%C5%A9%20%22cv%22.docx`,
    );
    expect(contentDisposition('attachment', 'risiti ya Julai – Shule.pdf')).toBe(
      `attachment; filename="risiti ya Julai _ Shule.pdf"; filename*=UTF-8''risiti%20ya%20Julai%20%E2%80%93%20Shule.pdf`,
    );
  });

  it('cannot break out of the header value', () => {
    const header = contentDisposition('attachment', 'a"\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    // The line breaks are dropped with the other control characters; the quote becomes '_'.
    expect(header.startsWith('attachment; filename="a_Set-Cookie_ x_1.pdf"')).toBe(true);
  });

  it('never sends a bidi or control character, even of a name stored before names were cleaned', () => {
    expect(contentDisposition('attachment', 'a\u202Efdp.exe')).toBe(
      `attachment; filename="afdp.exe"; filename*=UTF-8''afdp.exe`,
    );
  });

  it('sends the fallback when nothing usable is left of the name', () => {
    expect(contentDisposition('attachment', '\u0000\u0007')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
    expect(contentDisposition('attachment', '..', 'receipt')).toBe(
      `attachment; filename="receipt"; filename*=UTF-8''receipt`,
    );
  });
});

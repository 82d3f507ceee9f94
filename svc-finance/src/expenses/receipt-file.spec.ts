import { checkReceipt, safeFileName } from './receipt-file';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f5e5c70000000049454e44ae426082',
  'hex',
);
const file = (buffer: Buffer, originalname = 'receipt.pdf') => ({ buffer, originalname, size: buffer.length });

describe('checkReceipt', () => {
  it('reads the type from the bytes, whatever the name says', async () => {
    await expect(checkReceipt(file(PNG, 'receipt.pdf'))).resolves.toMatchObject({
      contentType: 'image/png',
      extension: 'png',
      name: 'receipt.pdf',
      size: PNG.length,
    });
    await expect(checkReceipt(file(PDF))).resolves.toMatchObject({ contentType: 'application/pdf', extension: 'pdf' });
  });

  it('refuses other content with 415', async () => {
    await expect(checkReceipt(file(Buffer.from('<html></html>')))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'File type is not accepted',
    });
    await expect(checkReceipt(file(Buffer.alloc(0)))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    // A GIF is an image, but not one of the receipt types.
    await expect(
      checkReceipt(file(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses more than 10 MB with 413 before reading the content', async () => {
    const big = { buffer: PDF, originalname: 'a.pdf', size: 10 * 1024 * 1024 + 1 };
    await expect(checkReceipt(big)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File is too large' });
  });
});

// The name a download is sent under (Content-Disposition) is server-kit's `contentDisposition` (src/files).
describe('file names', () => {
  it('keeps the last path segment without control characters or quotes', () => {
    expect(safeFileName('C:\\Users\\amina\\risiti "Oct".pdf', 'receipt.pdf')).toBe('risiti Oct.pdf');
    expect(safeFileName('../../etc/passwd', 'receipt.pdf')).toBe('passwd');
    expect(safeFileName('\u0000\u0007', 'receipt.pdf')).toBe('receipt.pdf');
    expect(safeFileName('..', 'receipt.png')).toBe('receipt.png');
  });

  it('drops bidi controls and C1 controls, so a name reads as what it is', () => {
    expect(safeFileName('a\u202Efdp.exe', 'receipt.pdf')).toBe('afdp.exe');
    expect(safeFileName('\u2066risiti\u2069\u200F\u0085\u2028.pdf', 'receipt.pdf')).toBe('risiti.pdf');
  });
});

import { fileAnswerPolicy, setFileHeaders } from './file-headers';

describe('fileAnswerPolicy', () => {
  it('shows JPEG and PNG pictures inline, with no sources and a sandbox', () => {
    for (const type of ['image/jpeg', 'image/png']) {
      expect(fileAnswerPolicy(type, 'inline')).toEqual({
        disposition: 'inline',
        contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    }
  });

  it('never shows anything else inline: a PDF asked inline is a sandboxed attachment', () => {
    for (const type of ['application/pdf', 'application/msword', 'text/html', 'image/svg+xml']) {
      expect(fileAnswerPolicy(type, 'inline')).toEqual({
        disposition: 'attachment',
        contentSecurityPolicy: "default-src 'none'; sandbox",
      });
    }
  });

  it('sandboxes attachments, pictures included', () => {
    expect(fileAnswerPolicy('image/png', 'attachment')).toEqual({
      disposition: 'attachment',
      contentSecurityPolicy: "default-src 'none'; sandbox",
    });
  });
});

describe('setFileHeaders', () => {
  const headersOf = (options: Parameters<typeof setFileHeaders>[1]) => {
    const headers: Record<string, string> = {};
    setFileHeaders(
      { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) } as never,
      options,
    );
    return headers;
  };

  it('sends the checked type, nosniff, the sandbox, a clean name and no caching', () => {
    expect(
      headersOf({
        contentType: 'application/pdf',
        disposition: 'attachment',
        downloadName: 'a\u202Efdp.exe',
        etag: '"k1"',
      }),
    ).toEqual({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `attachment; filename="afdp.exe"; filename*=UTF-8''afdp.exe`,
      'cache-control': 'private, no-store',
      etag: '"k1"',
    });
  });

  it('shows a picture inline when asked, and sends no tag when the file has none', () => {
    const headers = headersOf({ contentType: 'image/png', disposition: 'inline', downloadName: 'photo.png' });
    expect(headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(headers.etag).toBeUndefined();
  });

  it('names a file with nothing usable left of its name by the fallback', () => {
    expect(
      headersOf({ contentType: 'image/png', disposition: 'attachment', downloadName: '', fallbackName: 'receipt' })[
        'content-disposition'
      ],
    ).toBe(`attachment; filename="receipt"; filename*=UTF-8''receipt`);
  });
});

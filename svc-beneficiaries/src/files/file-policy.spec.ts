import { fileAnswerPolicy } from './file-policy';

describe('fileAnswerPolicy', () => {
  it('shows JPEG and PNG pictures inline, with no sources and a sandbox', () => {
    for (const type of ['image/jpeg', 'image/png']) {
      expect(fileAnswerPolicy(type, 'inline')).toEqual({ disposition: 'inline', contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; sandbox" });
    }
  });

  it('never shows anything else inline: a PDF asked inline is a sandboxed attachment', () => {
    for (const type of ['application/pdf', 'application/msword', 'text/html', 'image/svg+xml']) {
      expect(fileAnswerPolicy(type, 'inline')).toEqual({ disposition: 'attachment', contentSecurityPolicy: "default-src 'none'; sandbox" });
    }
  });

  it('sandboxes attachments, pictures included', () => {
    expect(fileAnswerPolicy('image/png', 'attachment')).toEqual({ disposition: 'attachment', contentSecurityPolicy: "default-src 'none'; sandbox" });
  });
});

import { StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { cleanFileName } from '@kcf/contracts';
import type { StoredObject } from '@kcf/server-kit';
import { fileAnswerPolicy } from './file-policy';

export interface FileResponseOptions {
  /** The type recorded when the file was checked (never the client's claim). */
  contentType: string;
  /**
   * 'inline' only for the pictures a screen shows (photos, thumbnails, gift images); documents and birth
   * certificates are 'attachment'. A file that is not an image is never answered inline (see `fileAnswerPolicy`).
   */
  disposition: 'inline' | 'attachment';
  /** The name offered to the browser (cleaned of bidi and control characters again before it is sent). */
  downloadName: string;
  /** Quoted entity tag; the stored file name, which changes whenever the file does. */
  etag: string;
}

/** A name safe in a quoted header value: ASCII letters, digits and a few marks; the rest becomes '_'. */
function asciiName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9 ._()-]/g, '_').trim();
  return cleaned.length > 0 ? cleaned.slice(0, 150) : 'file';
}

/**
 * `inline; filename="x.pdf"; filename*=UTF-8''x.pdf` (RFC 6266 with an ASCII fallback). The name loses bidi and
 * control characters first, so a name stored before names were cleaned never reaches a browser with one.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', downloadName: string): string {
  const name = cleanFileName(downloadName, 'file');
  const encoded = encodeURIComponent(name.slice(0, 200)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${asciiName(name)}"; filename*=UTF-8''${encoded}`;
}

/** True when the browser's copy is current (the caller answers 304 without opening the object). */
export function isNotModified(req: Request, etag: string): boolean {
  const given = req.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((tag) => tag.trim() === etag);
}

/**
 * Headers every served file carries: its checked type, nosniff, a Content-Security-Policy that gives it no
 * sources and a sandbox (so a PDF that goes on as HTML never runs as a page of ours), a disposition with a
 * clean name, and `private, no-store`: a child's file is personal data, kept by no cache, not even the
 * browser's (a shared office computer keeps nothing of it). Its tag still answers a client that asks with one.
 */
export function setFileHeaders(res: Response, options: FileResponseOptions): void {
  const policy = fileAnswerPolicy(options.contentType, options.disposition);
  res.setHeader('Content-Type', options.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', policy.contentSecurityPolicy);
  res.setHeader('Content-Disposition', contentDisposition(policy.disposition, options.downloadName));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('ETag', options.etag);
}

/** Streams a stored object with the headers above; 304 when the browser's copy is current. */
export async function serveFile(
  req: Request,
  res: Response,
  open: () => Promise<StoredObject>,
  options: FileResponseOptions,
): Promise<StreamableFile | undefined> {
  setFileHeaders(res, options);
  if (isNotModified(req, options.etag)) {
    res.status(304);
    res.removeHeader('Content-Type');
    return undefined;
  }
  const object = await open();
  res.setHeader('Content-Length', String(object.size));
  return new StreamableFile(object.stream);
}

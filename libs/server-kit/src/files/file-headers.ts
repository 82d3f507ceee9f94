import { StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { StoredObject } from '../storage/object-storage';
import { contentDisposition } from './content-disposition';

/**
 * How a stored file may be shown by a browser. Whatever its bytes say, a served file never runs as a page of
 * ours: it gets a Content-Security-Policy with no sources and a sandbox (no script, no same origin).
 * - pictures (JPEG, PNG) may be shown inline; their policy also allows the inline styles a browser's own image
 *   viewer uses (as raw.githubusercontent.com does), still with no sources and the sandbox;
 * - everything else (PDF, Word, ZIP, CSV) is an attachment: downloaded, never rendered in the app's origin.
 */
export const SANDBOX_POLICY = "default-src 'none'; sandbox";
export const INLINE_IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png']);

export interface FileAnswerPolicy {
  disposition: 'inline' | 'attachment';
  contentSecurityPolicy: string;
}

/** The disposition and policy of a file of `contentType` that its route asked to send `wanted`. */
export function fileAnswerPolicy(contentType: string, wanted: 'inline' | 'attachment'): FileAnswerPolicy {
  if (wanted === 'inline' && INLINE_IMAGE_TYPES.has(contentType)) {
    return { disposition: 'inline', contentSecurityPolicy: INLINE_IMAGE_POLICY };
  }
  return { disposition: 'attachment', contentSecurityPolicy: SANDBOX_POLICY };
}

export interface FileResponseOptions {
  /** The type recorded when the file was checked (never the client's claim). */
  contentType: string;
  /**
   * 'inline' only for the pictures a screen shows (photos, thumbnails, gift images); documents, certificates,
   * receipts and exports are 'attachment'. A file that is not an image is never answered inline (`fileAnswerPolicy`).
   */
  disposition: 'inline' | 'attachment';
  /** The name offered to the browser (cleaned of bidi and control characters again before it is sent). */
  downloadName: string;
  /** The name sent when nothing usable is left of `downloadName` ('file' when not given). */
  fallbackName?: string;
  /** Quoted entity tag, e.g. the stored object's name, which changes whenever the file does; none when absent. */
  etag?: string;
}

/**
 * Headers every served file carries: its checked type, nosniff, a Content-Security-Policy that gives it no
 * sources and a sandbox (so a PDF that goes on as HTML never runs as a page of ours), a disposition with a
 * clean name, and `private, no-store`: a child's file is personal data, kept by no cache, not even the
 * browser's (a shared office computer keeps nothing of it). Its tag, when it has one, still answers a client
 * that asks with it.
 */
export function setFileHeaders(res: Pick<Response, 'setHeader'>, options: FileResponseOptions): void {
  const policy = fileAnswerPolicy(options.contentType, options.disposition);
  res.setHeader('Content-Type', options.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', policy.contentSecurityPolicy);
  res.setHeader(
    'Content-Disposition',
    contentDisposition(policy.disposition, options.downloadName, options.fallbackName),
  );
  res.setHeader('Cache-Control', 'private, no-store');
  if (options.etag) res.setHeader('ETag', options.etag);
}

/** True when the browser's copy is current (the caller answers 304 without opening the object). */
export function isNotModified(req: Request, etag: string): boolean {
  const given = req.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((tag) => tag.trim() === etag);
}

/** A stored object as the answer's body, with its length (the headers above set first). */
export function fileBody(res: Response, object: StoredObject): StreamableFile {
  res.setHeader('Content-Length', String(object.size));
  return new StreamableFile(object.stream);
}

/** Streams a stored object with the headers above; 304 (nothing opened) when the browser's copy is current. */
export async function serveFile(
  req: Request,
  res: Response,
  open: () => Promise<StoredObject>,
  options: FileResponseOptions,
): Promise<StreamableFile | undefined> {
  setFileHeaders(res, options);
  if (options.etag && isNotModified(req, options.etag)) {
    res.status(304);
    res.removeHeader('Content-Type');
    return undefined;
  }
  return fileBody(res, await open());
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Encoding } from '@kcf/static-server';

/** Smaller answers gain less than their compression costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** A service's answer that is text worth compressing: JSON (lists, the dashboard) and CSV exports. */
export function isCompressibleAnswer(headers: IncomingHttpHeaders): boolean {
  const type = String(headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/json') || type.startsWith('text/csv');
}

/**
 * How the gateway encodes a service's answer for the client: the client's best accepted encoding, for
 * the body of a successful GET that the service sent as plain JSON or CSV of at least COMPRESS_MIN_BYTES
 * (or of unknown length: streamed). Everything else passes as it came. Only GET answers are compressed:
 * they carry what staff read (a page of fifty children is about 25 KB as JSON, under 4 KB compressed), and
 * no answer to a GET holds a secret next to text a request put there.
 */
export function answerEncoding(
  method: string,
  accepted: Encoding[],
  status: number,
  headers: IncomingHttpHeaders,
): Encoding | null {
  if (method !== 'GET' || accepted.length === 0) return null;
  if (status < 200 || status >= 300 || status === 204 || status === 206) return null;
  if (headers['content-encoding'] || !isCompressibleAnswer(headers)) return null;
  if (/\bno-transform\b/i.test(String(headers['cache-control'] ?? ''))) return null;
  const length = headers['content-length'];
  if (length !== undefined && Number(length) < COMPRESS_MIN_BYTES) return null;
  return accepted[0];
}

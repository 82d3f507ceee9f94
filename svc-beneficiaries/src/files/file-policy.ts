/**
 * How a stored file may be shown by a browser. Whatever its bytes say, a served file never runs as a page of
 * ours: it gets a Content-Security-Policy with no sources and a sandbox (no script, no same origin).
 * - pictures (JPEG, PNG) may be shown inline; their policy also allows the inline styles a browser's own image
 *   viewer uses (as raw.githubusercontent.com does), still with no sources and the sandbox;
 * - everything else (PDF, Word) is an attachment: downloaded, never rendered in the app's origin.
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

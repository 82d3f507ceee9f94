import { basename } from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** `main.3f2a9c1d.js`, `412.8e1f0a2b3c4d.chunk.css`: a content hash of 8+ hex digits between dots. */
const HASHED_NAME = /\.[0-9a-f]{8,}\./i;

/**
 * How long a browser may keep a file. A name that carries a content hash changes whenever its content
 * does, so it is kept forever; everything else (index.html, remoteEntry.js, manifests, unhashed assets)
 * is revalidated on each use, so a redeploy is seen at once.
 */
export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (name === 'index.html' || name === 'remoteEntry.js' || /manifest|remotes\.json$/i.test(name)) return REVALIDATE;
  return HASHED_NAME.test(name) ? IMMUTABLE : REVALIDATE;
}

import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

/**
 * Content versions of files whose names carry no hash (a remote's `remoteEntry.js`): a page that names the
 * file as `remoteEntry.js?v=<its content version>` may keep it forever, because a new build gets a new
 * address (the gateway's /remotes.json publishes it), while the bare name is still revalidated on each use.
 */
export const VERSION_PARAM = 'v';

const hashed = new Map<string, { size: number; mtimeMs: number; version: string }>();

/**
 * 16 hex digits of the SHA-256 of the file, kept while its size and time stay the same; null when unreadable.
 * `stats`: the file's, when the caller already has them.
 */
export async function contentVersion(file: string, stats?: Stats): Promise<string | null> {
  try {
    const { size, mtimeMs } = stats ?? (await stat(file));
    const hit = hashed.get(file);
    if (hit && hit.size === size && hit.mtimeMs === mtimeMs) return hit.version;
    const version = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
      .slice(0, 16);
    hashed.set(file, { size, mtimeMs, version });
    return version;
  } catch {
    return null;
  }
}

/** The version a request names (`?v=…`), or null. */
export function requestedVersion(url: string): string | null {
  const query = url.indexOf('?');
  return query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get(VERSION_PARAM);
}

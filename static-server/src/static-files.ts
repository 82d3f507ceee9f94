import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { acceptedEncodings, type Encoding } from './compression/accept-encoding';
import { createCompressor } from './compression/compressor';
import { varyOnAcceptEncoding } from './compression/vary';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-policy';
import { contentVersion, requestedVersion } from './content-version';
import { typeOf } from './content-types';

export interface StaticHandlerOptions {
  /** The folder served. */
  root: string;
  /** Paths (without a matching file) answered with index.html, so the browser's router can take them. */
  spaFallback?: (path: string) => boolean;
  /** Extra headers on every file (e.g. CORS for a remote's own static server). */
  headers?: Record<string, string>;
  /** Smaller text files are not worth compressing on the fly. */
  compressMinBytes?: number;
}

type Next = (error?: unknown) => void;

const SIBLING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

async function regularFile(path: string): Promise<Stats | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

function decodePath(url: string): string | null {
  const q = url.indexOf('?');
  const raw = q === -1 ? url : url.slice(0, q);
  try {
    const path = decodeURIComponent(raw);
    return path.includes('\0') ? null : path;
  } catch {
    return null;
  }
}

function weakEtag(stats: Stats, variant: string): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${variant}"`;
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * Serves one folder of built assets: long-lived caching for content-hashed names (and for an entry asked
 * for under its content version, content-version.ts), revalidation for entries, precompressed `.br`/`.gz`
 * siblings when the client accepts them, on-the-fly compression for text without siblings, ETags, HEAD,
 * and an optional index.html fallback for client-side routes.
 * Works as plain Node middleware `(req, res, next)` and as express middleware.
 */
export function createStaticHandler(options: StaticHandlerOptions) {
  const root = resolve(options.root);
  const minBytes = options.compressMinBytes ?? 1024;

  async function locate(path: string): Promise<{ file: string; stats: Stats } | null> {
    if (path.split('/').some((segment) => segment.startsWith('.'))) return null;
    const file = resolve(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) return null;
    const stats = await regularFile(file);
    if (stats) return { file, stats };
    if (path.endsWith('/') || path === '') {
      const index = join(file, 'index.html');
      const indexStats = await regularFile(index);
      if (indexStats) return { file: index, stats: indexStats };
    }
    return null;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, next: Next): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = decodePath(req.url ?? '/');
    if (path === null) return next();
    let found = await locate(path);
    if (!found && options.spaFallback?.(path)) {
      const index = join(root, 'index.html');
      const stats = await regularFile(index);
      if (stats) found = { file: index, stats };
    }
    if (!found) return next();
    await send(req, res, found.file, found.stats);
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats): Promise<void> {
    const { type, compressible } = typeOf(file);
    let body = file;
    let size: number | null = stats.size;
    let encoding: Encoding | null = null;
    let onTheFly = false;
    let etag = weakEtag(stats, '');

    if (compressible) {
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      const siblings = await Promise.all(
        (['br', 'gzip'] as Encoding[]).map(async (e) => [e, await regularFile(file + SIBLING_SUFFIX[e])] as const),
      );
      const hasSibling = siblings.some(([, s]) => s !== null);
      for (const e of accepted) {
        const sibling = siblings.find(([name]) => name === e)?.[1];
        if (sibling) {
          body = file + SIBLING_SUFFIX[e];
          size = sibling.size;
          encoding = e;
          etag = weakEtag(sibling, `-${e}`);
          break;
        }
      }
      if (!encoding && !hasSibling && accepted.length && stats.size >= minBytes) {
        encoding = accepted[0];
        onTheFly = true;
        size = null;
        etag = weakEtag(stats, `-${encoding}`);
      }
      res.setHeader('vary', varyOnAcceptEncoding(res.getHeader('vary')));
    }

    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    res.setHeader('content-type', type);
    res.setHeader('cache-control', await cachingOf(req, file, stats));
    res.setHeader('etag', etag);
    res.setHeader('last-modified', stats.mtime.toUTCString());
    if (notModified(req, etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (encoding) res.setHeader('content-encoding', encoding);
    if (size !== null) res.setHeader('content-length', size);
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const source = createReadStream(body);
    const done = (error: Error | null | undefined): void => {
      if (error && !res.writableEnded) res.destroy();
    };
    if (onTheFly && encoding) {
      pipeline(source, createCompressor(encoding, stats.size), res, done);
    } else {
      pipeline(source, res, done);
    }
  }

  /** The file's cache policy; a revalidated file asked for under its own content version is kept forever. */
  async function cachingOf(req: IncomingMessage, file: string, stats: Stats): Promise<string> {
    const policy = cacheControlFor(file);
    const version = requestedVersion(req.url ?? '');
    return policy === REVALIDATE && version !== null && version === (await contentVersion(file, stats))
      ? IMMUTABLE
      : policy;
  }

  return function staticFiles(req: IncomingMessage, res: ServerResponse, next: Next): void {
    serve(req, res, next).catch(next);
  };
}

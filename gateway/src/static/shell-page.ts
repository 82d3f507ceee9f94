import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isAppPage, pageManifestTag } from '@kcf/contracts';
import { acceptedEncodings, REVALIDATE, varyOnAcceptEncoding, type Encoding } from '@kcf/static-server';
import { pathOf, type Middleware } from '../proxy/middleware';
import type { RemotesManifest } from './remotes';

/**
 * Every page of the app (a path the shell's router shows) is the shell's index.html with the remotes' manifest
 * written into it (contracts' page-manifest.ts): a bookmark opened in a browser that has never loaded the app
 * starts its section's entry, the files its page needs and its first reads with the shell's own code, instead
 * of asking `/remotes.json` once that code has run and the entry once the manifest has come. The manifest is
 * the one `/remotes.json` answers at the same moment; the page is revalidated on each use like index.html.
 */

const INDEX_FILE = 'index.html';

interface Template {
  size: number;
  mtimeMs: number;
  html: string;
}

interface Composed {
  key: string;
  etag: string;
  bodies: Partial<Record<Encoding | 'identity', Buffer>>;
  html: Buffer;
}

/** The page with the manifest written in before its first script, so that script finds it. */
export function pageWithManifest(html: string, manifest: RemotesManifest): string {
  const tag = pageManifestTag(JSON.stringify(manifest));
  const at = html.search(/<script\b/i);
  if (at !== -1) return html.slice(0, at) + tag + html.slice(at);
  const head = html.search(/<\/head>/i);
  return head === -1 ? tag + html : html.slice(0, head) + tag + html.slice(head);
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 9 });
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  return !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));
}

/**
 * Answers GET and HEAD for the app's pages with the composed page; anything else (files, the signed-out
 * landing page a request for `/` was pointed at, a build without index.html) goes on to `next`.
 */
export function createShellPageHandler(shellDir: string, manifest: () => Promise<RemotesManifest>): Middleware {
  const file = join(shellDir, INDEX_FILE);
  let template: Template | null = null;
  let composed: Composed | null = null;

  async function current(): Promise<Template | null> {
    try {
      const { size, mtimeMs } = await stat(file);
      if (!template || template.size !== size || template.mtimeMs !== mtimeMs)
        template = { size, mtimeMs, html: await readFile(file, 'utf8') };
      return template;
    } catch {
      return null;
    }
  }

  /** The page for this build and manifest (kept until either changes), and its compressed forms as asked. */
  function compose(page: Template, listed: RemotesManifest): Composed {
    const json = JSON.stringify(listed);
    const key = `${page.size}:${page.mtimeMs}:${json}`;
    if (composed?.key !== key) {
      const html = Buffer.from(pageWithManifest(page.html, listed));
      composed = {
        key,
        etag: `W/"${createHash('sha256').update(html).digest('hex').slice(0, 16)}"`,
        bodies: { identity: html },
        html,
      };
    }
    return composed;
  }

  async function send(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): Promise<void> {
    const page = await current();
    if (!page) return next();
    const { etag, bodies, html } = compose(page, await manifest());
    const [encoding] = acceptedEncodings(req.headers['accept-encoding']);
    res.setHeader('vary', varyOnAcceptEncoding(res.getHeader('vary')));
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', REVALIDATE);
    const tagged = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
    res.setHeader('etag', tagged);
    if (notModified(req, tagged)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const body = encoding ? (bodies[encoding] ??= compress(html, encoding)) : html;
    if (encoding) res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return function shellPage(req, res, next): void {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isAppPage(pathOf(req.url))) return next();
    send(req, res, next).catch((error: unknown) => next(error));
  };
}

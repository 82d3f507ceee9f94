import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { contentVersion, REVALIDATE, sendJson, VERSION_PARAM } from '@kcf/static-server';
import type { RemoteSource } from '../config';
import { buildUpstreamHeaders } from '../proxy/forward-headers';
import { forward, RETRY_AFTER_SECONDS, UPSTREAM_BUSY_MESSAGE, type ShutdownState } from '../proxy/forward';
import { forwardingOf, type TrustFn } from '../proxy/forwarding-of';
import { pathOf, type Middleware } from '../proxy/middleware';
import { isUnsafePath } from '../proxy/route-table';
import type { Upstream } from '../proxy/upstream-pool';

export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** One remote as the manifest lists it: where its entry lives and which version it is (when known). */
export interface RemoteManifestEntry {
  entry: string;
  version?: string;
}

/**
 * `{"mf_beneficiaries": {"entry": "<entry url>", "version": "1.4.0"}, ...}`: the shell reads it at run time to
 * find each remote, and refuses one of another major than it was built for. `entryVersions` (by remote name)
 * go into the entries' URLs as `?v=`, so browsers keep an entry until its content changes.
 */
export function remotesManifest(
  remotes: RemoteSource[],
  versionOf: (remote: RemoteSource) => string | undefined = packageVersionOf,
  entryVersions: Partial<Record<RemoteSource['name'], string | null>> = {},
): Record<string, RemoteManifestEntry> {
  return Object.fromEntries(
    remotes.map((r) => {
      const version = versionOf(r);
      const content = entryVersions[r.name];
      const entry = content ? `${r.entry}${r.entry.includes('?') ? '&' : '?'}${VERSION_PARAM}=${content}` : r.entry;
      return [`mf_${r.name}`, version ? { entry, version } : { entry }];
    }),
  );
}

/** The content version of each entry served from disk (static-server's content-version.ts). */
async function entryVersionsOf(remotes: RemoteSource[]): Promise<Partial<Record<RemoteSource['name'], string | null>>> {
  const versions = await Promise.all(remotes.map(async (r) => [r.name, r.entryFile ? await contentVersion(r.entryFile) : null] as const));
  return Object.fromEntries(versions);
}

/** The configured version, else the `version` of the package.json beside the remote's build folder (none when unreadable). */
export function packageVersionOf(remote: RemoteSource): string | undefined {
  if (remote.version) return remote.version;
  try {
    const { version } = JSON.parse(readFileSync(resolve(remote.dir, '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** GET /remotes.json; an entry served from disk is read for its content version on each request (kept while unchanged). */
export function createRemotesManifestHandler(remotes: RemoteSource[]): Middleware {
  const versions = new Map(remotes.map((r) => [r, packageVersionOf(r)]));
  return function remotesJson(req, res, next): void {
    const url = req.url ?? '';
    if ((url !== REMOTES_MANIFEST_PATH && !url.startsWith(`${REMOTES_MANIFEST_PATH}?`)) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return next();
    }
    entryVersionsOf(remotes).then(
      (entryVersions) => {
        const manifest = remotesManifest(remotes, (r) => versions.get(r), entryVersions);
        sendManifest(req, res, Buffer.from(JSON.stringify(manifest)));
      },
      (error: unknown) => next(error),
    );
  };
}

function sendManifest(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  res.statusCode = 200;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', REVALIDATE);
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A remote served by its own static server: GET and HEAD are passed on, without cookies or user context. */
export function createRemoteProxy(upstream: Upstream, trust: TrustFn, shutdown: ShutdownState): Middleware {
  return function remoteProxy(req, res, next): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '/';
    if (isUnsafePath(pathOf(url))) return next();
    const headers = buildUpstreamHeaders(req.headers, forwardingOf(req, trust), {}, { keepCookie: false });
    const method = req.method;
    const withdraw = upstream.admission.enter(
      () => {
        if (res.destroyed) return upstream.admission.leave();
        forward(upstream.pool, res, { method, path: url, headers, body: null, shutdown }, () => upstream.admission.leave());
      },
      () => sendJson(res, 503, { message: UPSTREAM_BUSY_MESSAGE }, { 'retry-after': RETRY_AFTER_SECONDS }),
    );
    if (withdraw) res.once('close', withdraw);
  };
}

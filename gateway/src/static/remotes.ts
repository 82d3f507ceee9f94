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
import { buildStats, firstVisitFiles } from './first-visit-files';

export const REMOTES_MANIFEST_PATH = '/remotes.json';

/**
 * One remote as the manifest lists it: where its entry lives, which version it is (when known) and, for a
 * remote served from disk, the files each exposed page needs on its first visit (first-visit-files.ts).
 */
export interface RemoteManifestEntry {
  entry: string;
  version?: string;
  exposes?: Record<string, string[]>;
}

export type RemotesManifest = Record<string, RemoteManifestEntry>;

/** What a remote's build says beside its entry: its content version, and its exposed pages' first-visit files. */
export interface RemoteBuild {
  entryVersion?: string | null;
  exposes?: Record<string, string[]>;
}

/**
 * `{"mf_beneficiaries": {"entry": "<entry url>", "version": "1.4.0", "exposes": {...}}, ...}`: the shell reads
 * it at run time to find each remote, and refuses one of another major than it was built for. A build's entry
 * version goes into its entry's URL as `?v=`, so browsers keep an entry until its content changes.
 */
export function remotesManifest(
  remotes: RemoteSource[],
  versionOf: (remote: RemoteSource) => string | undefined = packageVersionOf,
  builds: Partial<Record<RemoteSource['name'], RemoteBuild>> = {},
): RemotesManifest {
  return Object.fromEntries(
    remotes.map((r) => {
      const version = versionOf(r);
      const { entryVersion, exposes } = builds[r.name] ?? {};
      const entry = entryVersion
        ? `${r.entry}${r.entry.includes('?') ? '&' : '?'}${VERSION_PARAM}=${entryVersion}`
        : r.entry;
      return [
        `mf_${r.name}`,
        { entry, ...(version ? { version } : {}), ...(exposes && Object.keys(exposes).length ? { exposes } : {}) },
      ];
    }),
  );
}

/** The builds of the remotes served from disk: their entries' content versions (static-server's content-version.ts) and first-visit files. */
async function buildsOf(
  remotes: RemoteSource[],
  shellDir: string | undefined,
): Promise<Partial<Record<RemoteSource['name'], RemoteBuild>>> {
  const shell = shellDir ? await buildStats(shellDir) : null;
  const builds = await Promise.all(
    remotes.map(async (r): Promise<[RemoteSource['name'], RemoteBuild]> => {
      if (!r.entryFile) return [r.name, {}];
      const [entryVersion, stats] = await Promise.all([contentVersion(r.entryFile), buildStats(r.dir)]);
      const base = r.entry.slice(0, r.entry.lastIndexOf('/') + 1);
      return [r.name, { entryVersion, exposes: stats ? firstVisitFiles(stats, base, shell) : undefined }];
    }),
  );
  return Object.fromEntries(builds);
}

/**
 * The manifest as it is now: an entry served from disk and the builds' stats are read for each request (kept
 * while their files are unchanged). `shellDir`: the shell's build, for the shared libraries' files.
 */
export function remotesManifestSource(remotes: RemoteSource[], shellDir?: string): () => Promise<RemotesManifest> {
  const versions = new Map(remotes.map((r) => [r, packageVersionOf(r)]));
  return async () => remotesManifest(remotes, (r) => versions.get(r), await buildsOf(remotes, shellDir));
}

/** The configured version, else the `version` of the package.json beside the remote's build folder (none when unreadable). */
export function packageVersionOf(remote: RemoteSource): string | undefined {
  if (remote.version) return remote.version;
  try {
    const { version } = JSON.parse(readFileSync(resolve(remote.dir, '..', 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** GET /remotes.json. */
export function createRemotesManifestHandler(manifest: () => Promise<RemotesManifest>): Middleware {
  return function remotesJson(req, res, next): void {
    const url = req.url ?? '';
    if (
      (url !== REMOTES_MANIFEST_PATH && !url.startsWith(`${REMOTES_MANIFEST_PATH}?`)) ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      return next();
    }
    manifest().then(
      (listed) => sendManifest(req, res, Buffer.from(JSON.stringify(listed))),
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
        forward(upstream.pool, res, { method, path: url, headers, body: null, shutdown }, () =>
          upstream.admission.leave(),
        );
      },
      () => sendJson(res, 503, { message: UPSTREAM_BUSY_MESSAGE }, { 'retry-after': RETRY_AFTER_SECONDS }),
    );
    if (withdraw) res.once('close', withdraw);
  };
}

import type { Dispatcher } from 'undici';
import type { RemoteSource } from '../config';
import { buildUpstreamHeaders } from '../proxy/forward-headers';
import { forward } from '../proxy/forward';
import { forwardingOf, type TrustFn } from '../proxy/forwarding-of';
import { pathOf, type Middleware } from '../proxy/middleware';
import { isUnsafePath } from '../proxy/route-table';
import { REVALIDATE } from './cache-policy';

export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** `{"mf_beneficiaries": "<entry url>", ...}`: the shell reads it at run time to find each remote. */
export function remotesManifest(remotes: RemoteSource[]): Record<string, string> {
  return Object.fromEntries(remotes.map((r) => [`mf_${r.name}`, r.entry]));
}

export function createRemotesManifestHandler(remotes: RemoteSource[]): Middleware {
  const body = Buffer.from(JSON.stringify(remotesManifest(remotes)));
  return function remotesJson(req, res, next): void {
    const url = req.url ?? '';
    if ((url !== REMOTES_MANIFEST_PATH && !url.startsWith(`${REMOTES_MANIFEST_PATH}?`)) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return next();
    }
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', REVALIDATE);
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** A remote served by its own static server: GET and HEAD are passed on, without cookies or user context. */
export function createRemoteProxy(dispatcher: Dispatcher, trust: TrustFn): Middleware {
  return function remoteProxy(req, res, next): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '/';
    if (isUnsafePath(pathOf(url))) return next();
    const headers = buildUpstreamHeaders(req.headers, forwardingOf(req, trust), {}, { keepCookie: false });
    forward(dispatcher, res, { method: req.method, path: url, headers, body: null });
  };
}

import { REVALIDATE, sendJson } from '@kcf/static-server';
import type { RemoteSource } from '../config';
import { buildUpstreamHeaders } from '../proxy/forward-headers';
import { forward, RETRY_AFTER_SECONDS, UPSTREAM_BUSY_MESSAGE, type ShutdownState } from '../proxy/forward';
import { forwardingOf, type TrustFn } from '../proxy/forwarding-of';
import { pathOf, type Middleware } from '../proxy/middleware';
import { isUnsafePath } from '../proxy/route-table';
import type { Upstream } from '../proxy/upstream-pool';

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

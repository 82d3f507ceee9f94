import { sendJson } from '@kcf/static-server';
import { forwardingOf, type TrustFn } from '../proxy/forwarding-of';
import type { Middleware } from '../proxy/middleware';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request may change state: a browser names the page's origin in `Origin`, and it must be
 * ours (PUBLIC_URL when configured, else the scheme and host the request was sent to). A request without
 * `Origin` comes from a same-origin navigation or a non-browser client and passes, unless the browser
 * says through `Sec-Fetch-Site` that another site sent it.
 */
export function isSameOriginRequest(
  method: string,
  headers: { origin?: string; 'sec-fetch-site'?: string | string[] },
  ownOrigin: string,
): boolean {
  if (!STATE_CHANGING.has(method)) return true;
  const origin = headers.origin;
  if (origin === undefined) {
    const site = headers['sec-fetch-site'];
    return site !== 'cross-site' && site !== 'same-site';
  }
  return origin.toLowerCase() === ownOrigin.toLowerCase();
}

/** Refuses cross-origin state-changing requests with 403 before anything is proxied or handled. */
export function createOriginCheck(publicUrl: string | undefined, trust: TrustFn): Middleware {
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return function originCheck(req, res, next): void {
    const method = req.method ?? 'GET';
    if (!STATE_CHANGING.has(method)) return next();
    let ownOrigin = fixedOrigin;
    if (!ownOrigin) {
      const { proto, host } = forwardingOf(req, trust);
      ownOrigin = `${proto}://${host ?? ''}`;
    }
    if (isSameOriginRequest(method, req.headers, ownOrigin)) return next();
    req.resume();
    sendJson(res, 403, { message: 'Forbidden' });
  };
}

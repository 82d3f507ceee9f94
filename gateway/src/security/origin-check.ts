import { sendJson } from '@kcf/static-server';
import type { Middleware } from '../proxy/middleware';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request may change state: a browser names the page's origin in `Origin`, and it must be one of
 * ours. A request without `Origin` comes from a same-origin navigation or a non-browser client and passes,
 * unless the browser says through `Sec-Fetch-Site` that another site sent it.
 */
export function isSameOriginRequest(
  method: string,
  headers: { origin?: string; 'sec-fetch-site'?: string | string[] },
  ownOrigins: readonly string[],
): boolean {
  if (!STATE_CHANGING.has(method)) return true;
  const origin = headers.origin;
  if (origin === undefined) {
    const site = headers['sec-fetch-site'];
    return site !== 'cross-site' && site !== 'same-site';
  }
  const named = origin.toLowerCase();
  return ownOrigins.some((own) => own.toLowerCase() === named);
}

/**
 * Refuses cross-origin state-changing requests with 403 before anything is proxied or handled. `ownOrigins` is
 * read on each request: PUBLIC_URL's origin, else the ones the gateway knows from where it listens (filled in
 * once it listens; see `listenOrigins`), never anything the request says about itself (Host, X-Forwarded-*).
 */
export function createOriginCheck(ownOrigins: () => readonly string[]): Middleware {
  return function originCheck(req, res, next): void {
    const method = req.method ?? 'GET';
    if (!STATE_CHANGING.has(method)) return next();
    if (isSameOriginRequest(method, req.headers, ownOrigins())) return next();
    req.resume();
    sendJson(res, 403, { message: 'Forbidden' });
  };
}

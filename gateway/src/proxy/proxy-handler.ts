import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { AppError, REQUEST_ID_HEADER, signUserContext, type UserContext } from '@kcf/server-kit';
import { acceptedEncodings } from '../compression/accept-encoding';
import type { SessionLookup } from '../session/session-resolver';
import { readSessionId } from '../session/session-cookie';
import { buildUpstreamHeaders } from './forward-headers';
import { forwardingOf, type TrustFn } from './forwarding-of';
import { forward, hasRequestBody, UPSTREAM_DOWN_MESSAGE } from './forward';
import { sendJson } from './json-response';
import type { RouteDecision, UpstreamName } from './route-table';

export interface ProxyDeps {
  upstreams: Record<UpstreamName, Dispatcher>;
  sessions: SessionLookup;
  internalSecret: string;
  trust: TrustFn;
}

type UpstreamRoute = Extract<RouteDecision, { kind: 'upstream' }>;

/**
 * Sends one request to the service that owns its path, with the signed user context of its session
 * (when it has a live one), and streams the answer back. Ending a session drops it from the cache.
 */
export function createProxyHandler(deps: ProxyDeps) {
  return function proxy(req: IncomingMessage, res: ServerResponse, route: UpstreamRoute): void {
    const sessionId = route.forwardsSession ? readSessionId(req.headers.cookie) : null;
    const send = (user: UserContext | null): void => {
      const extra: Record<string, string> = user ? signUserContext(user, deps.internalSecret) : {};
      const requestId = res.getHeader(REQUEST_ID_HEADER);
      if (typeof requestId === 'string') extra[REQUEST_ID_HEADER] = requestId;
      const headers = buildUpstreamHeaders(req.headers, forwardingOf(req, deps.trust), extra, { keepCookie: route.upstream === 'identity' });
      const settled = route.endsSession && sessionId ? () => deps.sessions.forget(sessionId) : undefined;
      const body = hasRequestBody(req) ? req : null;
      const encodings = acceptedEncodings(req.headers['accept-encoding']);
      forward(deps.upstreams[route.upstream], res, { method: req.method ?? 'GET', path: req.url ?? '/', headers, body, encodings }, settled);
    };

    if (!sessionId) return send(null);
    const known = deps.sessions.peek(sessionId);
    if (known !== undefined) return send(known);
    deps.sessions.resolve(sessionId).then(send, (error: unknown) => {
      req.resume();
      sendJson(res, 502, { message: error instanceof AppError ? error.message : UPSTREAM_DOWN_MESSAGE });
    });
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, REQUEST_ID_HEADER, signUserContext, type UserContext } from '@kcf/server-kit/http';
import { acceptedEncodings, sendJson } from '@kcf/static-server';
import type { SessionLookup } from '../session/session-resolver';
import { readSessionId } from '../session/session-cookie';
import type { Withdraw } from './admission';
import { answerEndsConnection, closeGently, closeGentlyAfterAnswer } from './body-drain';
import { ClientBody, type BodyLimits } from './client-body';
import { REQUEST_TIMEOUT_MESSAGE } from './client-deadlines';
import { buildUpstreamHeaders } from './forward-headers';
import { forwardingOf, type TrustFn } from './forwarding-of';
import {
  forward,
  hasRequestBody,
  RETRY_AFTER_SECONDS,
  UPSTREAM_BUSY_MESSAGE,
  UPSTREAM_DOWN_MESSAGE,
  type Forwarding,
  type ShutdownState,
} from './forward';
import { pathOf } from './middleware';
import { largestBodyFor, type PoolName, type RouteDecision } from './route-table';
import type { Upstream } from './upstream-pool';

export interface ProxyDeps {
  upstreams: Record<PoolName, Upstream>;
  sessions: SessionLookup;
  internalSecret: string;
  trust: TrustFn;
  bodyLimits: BodyLimits;
  shutdown: ShutdownState;
}

type UpstreamRoute = Extract<RouteDecision, { kind: 'upstream' }>;

/** The body limits of one request: after an early answer, no more is drained than its route accepts. */
function bodyLimitsFor(req: IncomingMessage, limits: BodyLimits): BodyLimits {
  const largest = largestBodyFor(pathOf(req.url));
  return largest === null || largest >= limits.drainMaxBytes ? limits : { ...limits, drainMaxBytes: largest };
}

/**
 * Sends one request to the service that owns its path, with the signed user context of its session
 * (when it has a live one), and streams the answer back. Ending a session drops it from the cache.
 *
 * On the way: a body is received whole first when small, its client held to a deadline (408); the
 * request then waits its turn for a connection to the service (503 + Retry-After past the queue time).
 */
export function createProxyHandler(deps: ProxyDeps) {
  return function proxy(req: IncomingMessage, res: ServerResponse, route: UpstreamRoute): void {
    const upstream = deps.upstreams[route.pool];
    const sessionId = route.forwardsSession ? readSessionId(req.headers.cookie) : null;
    let forwarding: Forwarding | null = null;
    let withdraw: Withdraw | null = null;

    /** The gateway answers itself (no service answer is coming); the rest of the body is dropped. */
    const answer = (status: number, message: string, headers: Record<string, string> = {}): void => {
      if (answerEndsConnection(res, body, deps.shutdown.closing)) headers.connection = 'close';
      sendJson(res, status, { message }, headers);
      body?.discardRest();
    };

    /** The body did not arrive in time: 408 and close, or, when the answer is already out, just close. */
    const late = (): void => {
      if (res.headersSent) {
        if (res.writableFinished) closeGently(req.socket);
        else res.once('finish', () => closeGently(req.socket));
        body?.discardRest();
        return;
      }
      withdraw?.();
      forwarding?.cancel();
      closeGentlyAfterAnswer(req.socket);
      sendJson(res, 408, { message: REQUEST_TIMEOUT_MESSAGE }, { connection: 'close' });
      body?.discardRest();
    };

    const body = hasRequestBody(req) ? new ClientBody(req, bodyLimitsFor(req, deps.bodyLimits), late) : null;

    const send = (user: UserContext | null): void => {
      // The request's log line names its user.
      if (user) (req as IncomingMessage & { user?: UserContext }).user = user;
      const extra: Record<string, string> = user ? signUserContext(user, deps.internalSecret) : {};
      const requestId = res.getHeader(REQUEST_ID_HEADER);
      if (typeof requestId === 'string') extra[REQUEST_ID_HEADER] = requestId;
      const headers = buildUpstreamHeaders(req.headers, forwardingOf(req, deps.trust), extra, {
        keepCookie: route.upstream === 'identity',
      });
      const settled = route.endsSession && sessionId ? () => deps.sessions.forget(sessionId) : undefined;
      const encodings = acceptedEncodings(req.headers['accept-encoding']);

      const dispatch = (): void => {
        withdraw = null;
        if (res.writableEnded || res.destroyed) return upstream.admission.leave();
        const request = {
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          headers,
          body: body ? body.forUpstream() : null,
          clientBody: body,
          encodings,
          privateAnswers: true,
          shutdown: deps.shutdown,
          onSessionsEnded: (userIds: string[]) => userIds.forEach((id) => deps.sessions.forgetUser(id)),
        };
        forwarding = forward(upstream.pool, res, request, () => {
          upstream.admission.leave();
          settled?.();
        });
      };
      const admit = (): void => {
        if (res.writableEnded || res.destroyed) return;
        withdraw = upstream.admission.enter(dispatch, () => {
          withdraw = null;
          answer(503, UPSTREAM_BUSY_MESSAGE, { 'retry-after': RETRY_AFTER_SECONDS });
        });
        if (withdraw) res.once('close', withdraw);
      };
      if (body) body.whenReady(admit);
      else admit();
    };

    if (!sessionId) return send(null);
    const known = deps.sessions.peek(sessionId);
    if (known !== undefined) return send(known);
    deps.sessions.resolve(sessionId).then(send, (error: unknown) => {
      answer(502, error instanceof AppError ? error.message : UPSTREAM_DOWN_MESSAGE);
    });
  };
}

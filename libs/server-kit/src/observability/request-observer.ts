import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { runWithLogContext, type LogContext } from './log-context';
import { processMetrics } from './metrics';

export interface RequestObserver {
  service: string;
  logger: PinoLogger;
  /** The request's route template once answered (`/api/beneficiaries/:id`), never its raw path. */
  routeOf(req: IncomingMessage): string;
}

type ObservedRequest = IncomingMessage & { user?: { userId?: string } };

/**
 * Times one request and, once its answer is done, counts it in `kcf_http_request_duration_seconds` and
 * logs one line (level info: LOG_LEVEL=log or lower) with its route, status and duration. Runs `next` in
 * the request's log context, so every line written while it is handled carries its request id and user.
 */
export function observeRequest(
  observer: RequestObserver,
  req: ObservedRequest,
  res: ServerResponse,
  next: () => void,
): void {
  const started = performance.now();
  const incoming = req.headers[REQUEST_ID_HEADER];
  const context: LogContext = {
    service: observer.service,
    requestId: typeof incoming === 'string' ? incoming : undefined,
    req,
  };
  res.once('close', () => {
    const seconds = (performance.now() - started) / 1000;
    // A client that left before the answer was sent: 499, as proxies count it.
    const status = res.writableFinished ? String(res.statusCode) : '499';
    const route = observer.routeOf(req);
    const method = req.method ?? 'GET';
    processMetrics().httpDuration.observe({ service: observer.service, method, route, status }, seconds);
    if (!observer.logger.isLevelEnabled('info')) return;
    const requestId = res.getHeader(REQUEST_ID_HEADER);
    if (typeof requestId === 'string') context.requestId = requestId;
    runWithLogContext(context, () =>
      observer.logger.info(
        { method, route, status: Number(status), durationMs: Math.round(seconds * 10_000) / 10 },
        'request',
      ),
    );
  });
  runWithLogContext(context, next);
}

/** The route template express matched (`req.route`), or `unmatched`. */
export function expressRouteOf(req: IncomingMessage): string {
  const matched = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  const path = matched.route?.path;
  return typeof path === 'string' ? `${matched.baseUrl ?? ''}${path}` : 'unmatched';
}

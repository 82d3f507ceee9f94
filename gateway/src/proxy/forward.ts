import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { errors, type Dispatcher } from 'undici';
import { SESSIONS_ENDED_HEADER } from '@kcf/server-kit/http';
import { createCompressor, sendJson, varyOnAcceptEncoding, type Encoding } from '@kcf/static-server';
import { privateCacheControl } from './answer-cache-control';
import { answerEncoding, isCompressibleAnswer } from './answer-compression';
import { answerEndsConnection, type PendingBody } from './body-drain';
import { buildClientHeaders } from './forward-headers';

export const UPSTREAM_DOWN_MESSAGE = 'A service this request needs is unavailable';
export const UPSTREAM_UNREACHABLE_MESSAGE = 'A service this request needs cannot be reached; try again shortly';
export const UPSTREAM_TIMEOUT_MESSAGE = 'A service this request needs took too long to answer';
export const UPSTREAM_BUSY_MESSAGE = 'A service this request needs is busy; try again shortly';
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = '5';

/** Whether the gateway is shutting down: answers then close their connections. */
export interface ShutdownState {
  readonly closing: boolean;
}

export interface ForwardRequest {
  method: string;
  /** Path and query string as the upstream should see them. */
  path: string;
  headers: Record<string, string | string[]>;
  /** The body to send: received whole (small), or a stream fed from the client (large). */
  body: Buffer | Readable | null;
  /** The client's body as the gateway receives it: after an early answer, whether the connection can stay. */
  clientBody?: (PendingBody & { discardRest(): void }) | null;
  /** The encodings the client accepts, best first: a JSON or CSV answer is compressed on the way (see answerEncoding). */
  encodings?: Encoding[];
  /** Answers about people (the API, files): Cache-Control made private, no-store when absent. */
  privateAnswers?: boolean;
  shutdown?: ShutdownState;
  /** Called before the answer goes on when the service names users whose sessions it ended (SESSIONS_ENDED_HEADER). */
  onSessionsEnded?: (userIds: string[]) => void;
}

/** A request on its way: the gateway can still call it off and answer itself (the client's body came too late). */
export interface Forwarding {
  cancel(): void;
}

/** Whether the incoming message carries a body to send upstream. */
export function hasRequestBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** Streams one upstream response to the client, with back-pressure both ways, compressed when it pays. */
class ProxyResponseHandler implements Dispatcher.DispatchHandler, Forwarding {
  private controller: Dispatcher.DispatchController | null = null;
  private clientGone = false;
  /** The gateway answers (or answered) this request itself; whatever the service says is ignored. */
  private cancelled = false;
  /** undici put the request on a connection: from here on, the service may have received it. */
  private sent = false;
  private settled = false;
  /** Where the body goes: the client, or a compressor piped to it. */
  private sink: Writable;

  constructor(
    private readonly res: ServerResponse,
    private readonly request: ForwardRequest,
    private readonly onSettled: ((failure: Error | null) => void) | undefined,
  ) {
    this.sink = res;
    res.once('close', this.onClientClose);
  }

  private readonly onClientClose = (): void => {
    if (this.res.writableFinished) return;
    this.clientGone = true;
    this.controller?.abort(new Error('Client closed the connection'));
  };

  private readonly resume = (): void => {
    this.controller?.resume();
  };

  /** Reports the end of the exchange once (the caller frees its connection slot then). */
  private settle(failure: Error | null): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettled?.(failure);
  }

  cancel(): void {
    this.cancelled = true;
    this.controller?.abort(new Error('Request cancelled by the gateway'));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    this.sent = true;
    if (this.clientGone || this.cancelled) controller.abort(new Error('Client closed the connection'));
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (statusCode < 200) return;
    const { request, res } = this;
    const ended = headers[SESSIONS_ENDED_HEADER];
    if (ended !== undefined && request.onSessionsEnded) {
      request.onSessionsEnded(
        [ended]
          .flat()
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean),
      );
    }
    const out = buildClientHeaders(headers);
    if (request.privateAnswers) out['cache-control'] = privateCacheControl(headers['cache-control']);
    if (isCompressibleAnswer(headers)) out.vary = varyOnAcceptEncoding(out.vary);
    const encoding = answerEncoding(request.method, request.encodings ?? [], statusCode, headers);
    if (encoding) {
      const length = Number(headers['content-length']) || undefined;
      delete out['content-length'];
      out['content-encoding'] = encoding;
      // The same validator for every encoding of the answer: weak (RFC 9110 §8.8.1).
      if (typeof out.etag === 'string' && !out.etag.startsWith('W/')) out.etag = `W/${out.etag}`;
      const compressor = createCompressor(encoding, length);
      compressor.on('error', () => res.destroy());
      compressor.pipe(res);
      this.sink = compressor;
    }
    if (answerEndsConnection(res, request.clientBody ?? null, request.shutdown?.closing === true))
      out.connection = 'close';
    res.writeHead(statusCode, out);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.sink.write(chunk) && !controller.paused) {
      controller.pause();
      this.sink.once('drain', this.resume);
    }
  }

  onResponseEnd(): void {
    this.sink.end();
    // The service has answered: it reads no more of the body, whatever is left is dropped.
    this.request.clientBody?.discardRest();
    this.settle(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const ignored = this.clientGone || this.cancelled;
    this.settle(ignored ? null : error);
    if (ignored) return;
    const { res } = this;
    if (res.headersSent) {
      if (this.sink !== res) this.sink.destroy();
      res.destroy();
      return;
    }
    const [status, message] = failureAnswer(error, this.sent);
    const headers: Record<string, string> = status === 503 ? { 'retry-after': RETRY_AFTER_SECONDS } : {};
    if (answerEndsConnection(res, this.request.clientBody ?? null, this.request.shutdown?.closing === true))
      headers.connection = 'close';
    sendJson(res, status, { message }, headers);
    this.request.clientBody?.discardRest();
  }
}

/**
 * The answer to a request the service did not answer: 504 when it took too long, 400 for a body that
 * does not match its length, 503 when no connection could be made (the service never received the
 * request: safe to retry), and 502 when the connection failed after the request went out (the outcome
 * is unknown; a client retries with the same Idempotency-Key).
 */
function failureAnswer(error: Error, sent: boolean): [number, string] {
  if (error instanceof errors.HeadersTimeoutError) return [504, UPSTREAM_TIMEOUT_MESSAGE];
  if (error instanceof errors.RequestContentLengthMismatchError || error instanceof errors.InvalidArgumentError)
    return [400, 'Bad request'];
  if (!sent) return [503, UPSTREAM_UNREACHABLE_MESSAGE];
  return [502, UPSTREAM_DOWN_MESSAGE];
}

/**
 * Sends one request to an upstream through its pool and pipes the answer back. Never throws:
 * an upstream that cannot be reached answers the client 503 JSON (with Retry-After), one that fails
 * after the request went out 502, one that does not answer in time 504.
 */
export function forward(
  dispatcher: Dispatcher,
  res: ServerResponse,
  request: ForwardRequest,
  onSettled?: (failure: Error | null) => void,
): Forwarding {
  const handler = new ProxyResponseHandler(res, request, onSettled);
  try {
    dispatcher.dispatch(
      { method: request.method, path: request.path, headers: request.headers, body: request.body },
      handler,
    );
  } catch (error) {
    handler.onResponseError(null as unknown as Dispatcher.DispatchController, error as Error);
  }
  return handler;
}

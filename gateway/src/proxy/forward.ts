import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { errors, type Dispatcher } from 'undici';
import type { Encoding } from '../compression/accept-encoding';
import { createCompressor } from '../compression/compressor';
import { varyOnAcceptEncoding } from '../compression/vary';
import { answerEncoding, isCompressibleAnswer } from './answer-compression';
import { buildClientHeaders } from './forward-headers';
import { sendJson } from './json-response';

export const UPSTREAM_DOWN_MESSAGE = 'A service this request needs is unavailable';
export const UPSTREAM_TIMEOUT_MESSAGE = 'A service this request needs took too long to answer';

export interface ForwardRequest {
  method: string;
  /** Path and query string as the upstream should see them. */
  path: string;
  headers: Record<string, string | string[]>;
  /** The client's request when it carries a body (streamed as it arrives, never buffered). */
  body: IncomingMessage | null;
  /** The encodings the client accepts, best first: a JSON or CSV answer is compressed on the way (see answerEncoding). */
  encodings?: Encoding[];
}

/** Whether the incoming message carries a body to stream upstream. */
export function hasRequestBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** Streams one upstream response to the client, with back-pressure both ways, compressed when it pays. */
class ProxyResponseHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private clientGone = false;
  /** Where the body goes: the client, or a compressor piped to it. */
  private sink: Writable;

  constructor(
    private readonly res: ServerResponse,
    private readonly method: string,
    private readonly encodings: Encoding[],
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

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.clientGone) controller.abort(new Error('Client closed the connection'));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return;
    const out = buildClientHeaders(headers);
    if (isCompressibleAnswer(headers)) out.vary = varyOnAcceptEncoding(out.vary);
    const encoding = answerEncoding(this.method, this.encodings, statusCode, headers);
    if (encoding) {
      const length = Number(headers['content-length']) || undefined;
      delete out['content-length'];
      out['content-encoding'] = encoding;
      // The same validator for every encoding of the answer: weak (RFC 9110 §8.8.1).
      if (typeof out.etag === 'string' && !out.etag.startsWith('W/')) out.etag = `W/${out.etag}`;
      const compressor = createCompressor(encoding, length);
      compressor.on('error', () => this.res.destroy());
      compressor.pipe(this.res);
      this.sink = compressor;
    }
    this.res.writeHead(statusCode, out);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.sink.write(chunk) && !controller.paused) {
      controller.pause();
      this.sink.once('drain', this.resume);
    }
  }

  onResponseEnd(): void {
    this.sink.end();
    this.onSettled?.(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.onSettled?.(this.clientGone ? null : error);
    if (this.clientGone) return;
    if (this.res.headersSent) {
      if (this.sink !== this.res) this.sink.destroy();
      this.res.destroy();
      return;
    }
    if (error instanceof errors.HeadersTimeoutError) {
      sendJson(this.res, 504, { message: UPSTREAM_TIMEOUT_MESSAGE });
    } else if (error instanceof errors.RequestContentLengthMismatchError || error instanceof errors.InvalidArgumentError) {
      sendJson(this.res, 400, { message: 'Bad request' });
    } else {
      sendJson(this.res, 502, { message: UPSTREAM_DOWN_MESSAGE });
    }
  }
}

/**
 * Sends one request to an upstream through its pool and pipes the answer back. Never throws:
 * an upstream that is down answers the client 502 JSON, one that does not answer in time 504.
 */
export function forward(
  dispatcher: Dispatcher,
  res: ServerResponse,
  request: ForwardRequest,
  onSettled?: (failure: Error | null) => void,
): void {
  const handler = new ProxyResponseHandler(res, request.method, request.encodings ?? [], onSettled);
  try {
    dispatcher.dispatch(
      { method: request.method, path: request.path, headers: request.headers, body: request.body },
      handler,
    );
  } catch (error) {
    handler.onResponseError(null as unknown as Dispatcher.DispatchController, error as Error);
  }
}

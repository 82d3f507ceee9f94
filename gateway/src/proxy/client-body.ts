import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { PendingBody } from './body-drain';
import { bodyDeadlineMs, type ClientDeadlines } from './client-deadlines';

export interface BodyLimits {
  /** Bodies up to this size are received whole before a connection to the service is taken. */
  bufferMaxBytes: number;
  /** After an early answer, at most this much of the rest is read so the connection can carry the next request. */
  drainMaxBytes: number;
  deadlines: ClientDeadlines;
}

/**
 * - collect: small (or not yet known to be large) body, kept until it is all in;
 * - hold: a large body waits, unread, for its turn at the service (TCP holds the client back);
 * - stream: passed on as the service reads it;
 * - discard: the service will not take the rest (it answered, or the gateway did): read and dropped.
 */
type Mode = 'collect' | 'hold' | 'stream' | 'discard';

const ignore = (): void => undefined;

/** The Content-Length of a request, or null when its body is chunked. */
function declaredLength(req: IncomingMessage): number | null {
  if (req.headers['transfer-encoding'] !== undefined) return null;
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) ? length : null;
}

/**
 * A client's request body on its way through the gateway. The gateway, not undici, owns the client's
 * stream: a small body is received whole before the request takes a connection to a service (so a slow
 * line never holds one while it dribbles); a large one is handed to undici as a stream of the gateway's
 * own, fed from the client with back-pressure. When undici stops taking it (the service answered early,
 * or failed), the rest is read and dropped, so the client's connection stays readable for its next
 * request: undici destroying the client's own stream detaches it from a socket that stays open.
 * `onLate` fires when the body is not all in by its deadline (see bodyDeadlineMs).
 */
export class ClientBody implements PendingBody {
  /** Content-Length, or null for a chunked body. */
  readonly length: number | null;
  complete = false;
  /** Bytes read from the client so far. */
  private received = 0;
  private mode: Mode;
  private chunks: Buffer[] = [];
  private stream: UpstreamBodyStream | null = null;
  private ready: (() => void) | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly req: IncomingMessage,
    private readonly limits: BodyLimits,
    onLate: () => void,
  ) {
    this.length = declaredLength(req);
    this.mode = this.length !== null && this.length > limits.bufferMaxBytes ? 'hold' : 'collect';
    // Paused before the first 'data' listener, so a large body is not read until the service can take it.
    if (this.mode === 'hold') req.pause();
    req.on('data', this.onData);
    req.on('end', this.onEnd);
    req.on('error', ignore);
    this.timer = setTimeout(
      () => {
        if (!this.complete) onLate();
      },
      bodyDeadlineMs(this.length, limits.deadlines),
    );
    req.once('close', () => clearTimeout(this.timer));
  }

  /** Calls back once the body can go upstream: a small one when it is all in, a large one at once. */
  whenReady(callback: () => void): void {
    if (this.mode === 'hold' || this.complete) callback();
    else this.ready = callback;
  }

  /** What to send to the service: the whole body, or a stream reading the rest from the client as the service takes it. */
  forUpstream(): Buffer | Readable {
    if (this.mode === 'collect' && this.complete) {
      const whole = Buffer.concat(this.chunks);
      this.chunks = [];
      return whole;
    }
    const stream = new UpstreamBodyStream(this);
    this.stream = stream;
    this.mode = 'stream';
    for (const chunk of this.chunks) stream.push(chunk);
    this.chunks = [];
    if (this.complete) stream.push(null);
    return stream;
  }

  tooMuchLeftToDrain(): boolean {
    if (this.complete) return false;
    if (this.length === null) return true;
    return this.length - this.received > this.limits.drainMaxBytes;
  }

  /** The service will not read the rest (it answered or failed, or the gateway answered itself): read and drop it. */
  discardRest(): void {
    if (this.mode === 'discard') return;
    this.mode = 'discard';
    this.chunks = [];
    this.ready = null;
    // undici ends or destroys the stream it was given; nothing more is pushed into it.
    this.stream = null;
    if (!this.complete) this.req.resume();
  }

  /** Called by the upstream stream: undici wants more. */
  resumeClient(): void {
    if (this.mode === 'stream' && !this.complete) this.req.resume();
  }

  private readonly onData = (chunk: Buffer): void => {
    this.received += chunk.length;
    switch (this.mode) {
      case 'stream':
        if (this.stream && !this.stream.push(chunk)) this.req.pause();
        return;
      case 'discard':
        return;
      default:
        this.chunks.push(chunk);
        // A chunked body that turns out large is streamed after all, starting with what came so far.
        if (this.mode === 'collect' && this.received > this.limits.bufferMaxBytes) {
          this.mode = 'hold';
          this.req.pause();
          this.fireReady();
        }
    }
  };

  private readonly onEnd = (): void => {
    this.complete = true;
    clearTimeout(this.timer);
    if (this.mode === 'stream') this.stream?.push(null);
    else if (this.mode === 'collect') this.fireReady();
  };

  private fireReady(): void {
    const ready = this.ready;
    this.ready = null;
    ready?.();
  }
}

/** The body undici reads: fed by ClientBody; when undici destroys it, the client's stream is not touched. */
class UpstreamBodyStream extends Readable {
  constructor(private readonly owner: ClientBody) {
    super();
  }

  override _read(): void {
    this.owner.resumeClient();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Destroyed before the end: undici is done with it (early answer, failure); drop the rest.
    if (!this.owner.complete) this.owner.discardRest();
    callback(error);
  }
}

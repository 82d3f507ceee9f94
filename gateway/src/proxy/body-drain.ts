import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** After the gateway's FIN, how long a client may take to notice and stop sending before the socket is destroyed. */
export const LINGER_MS = 2000;
/** A connection being closed gently is destroyed after this however it behaves (e.g. it never reads the answer). */
export const LINGER_MAX_MS = 30_000;

const closingGently = new WeakSet<Socket>();

/**
 * Ends a connection with FIN and no reset: the answer already written goes out, then FIN; what the client
 * still sends is read and discarded until it closes its side too (or LINGER_MS after the FIN), and only
 * then is the socket destroyed. Destroying a socket with unread bytes, or one bytes still arrive on, makes
 * the kernel answer with a reset, and the client may lose the answer it was about to read.
 */
export function closeGently(socket: Socket | null | undefined): void {
  if (!socket || socket.destroyed || closingGently.has(socket)) return;
  closingGently.add(socket);
  let linger: NodeJS.Timeout | undefined;
  const hardStop = setTimeout(() => socket.destroy(), LINGER_MAX_MS);
  hardStop.unref();
  const destroyOnceWritten = (): void => {
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  socket.once('close', () => {
    clearTimeout(hardStop);
    clearTimeout(linger);
  });
  if (socket.readableEnded) destroyOnceWritten();
  else socket.once('end', destroyOnceWritten);
  socket.once('finish', () => {
    linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
  });
  // Keep reading: bytes left in the kernel's buffer at close time are what turns a FIN into a reset.
  socket.resume();
  if (!socket.writableEnded) socket.end();
}

/**
 * The answer being written says `Connection: close`: when it is finished, Node ends the connection with
 * `socket.destroySoon()` (FIN, then destroy as soon as it is sent, unread bytes or not). For this one
 * connection, it closes gently instead.
 */
export function closeGentlyAfterAnswer(socket: Socket | null | undefined): void {
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => closeGently(socket);
}

/** What of a request body is still to come, as far as the answer's connection handling is concerned. */
export interface PendingBody {
  /** The whole body has been read from the client. */
  readonly complete: boolean;
  /** Whether more is left than the gateway reads to keep the connection (or an unknown amount). */
  tooMuchLeftToDrain(): boolean;
}

/**
 * Decides, just before an answer's head is written, whether the connection ends with it: when the gateway
 * is shutting down, or when the request body is not all in and too much (or an unknown amount) is left to
 * read. A closing connection with body bytes still to come is closed gently. Returns true when it closes
 * (the caller sends `Connection: close`).
 */
export function answerEndsConnection(res: ServerResponse, body: PendingBody | null, shuttingDown: boolean): boolean {
  const pending = body !== null && !body.complete;
  const close = shuttingDown || (pending && body.tooMuchLeftToDrain());
  if (close && pending) closeGentlyAfterAnswer(res.socket as Socket | null);
  return close;
}

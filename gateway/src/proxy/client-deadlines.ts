import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { closeGently } from './body-drain';

/** How long a client may take to send a request (sized for a 1.44 Mbit/s phone line, with margin). */
export interface ClientDeadlines {
  /** The request line and headers. */
  headersTimeoutMs: number;
  /** Every body gets this much... */
  bodyBaseMs: number;
  /** ...plus its Content-Length at this rate (bytes per second)... */
  bodyMinRate: number;
  /** ...and never more than this; a body without a length gets exactly this. */
  bodyMaxMs: number;
}

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive';

/** The time a request body of `length` bytes (null: chunked, unknown) may take to arrive. */
export function bodyDeadlineMs(length: number | null, deadlines: ClientDeadlines): number {
  if (length === null) return deadlines.bodyMaxMs;
  return Math.min(deadlines.bodyMaxMs, deadlines.bodyBaseMs + Math.ceil((length * 1000) / deadlines.bodyMinRate));
}

const CANNED: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
};

function rawAnswer(statusLine: string, body?: string, extra = ''): string {
  if (body === undefined) return `HTTP/1.1 ${statusLine}\r\nConnection: close\r\n\r\n`;
  return (
    `HTTP/1.1 ${statusLine}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Cache-Control: no-store\r\n${extra}Connection: close\r\n\r\n${body}`
  );
}

const REQUEST_TIMEOUT_ANSWER = rawAnswer('408 Request Timeout', JSON.stringify({ message: REQUEST_TIMEOUT_MESSAGE }));

/**
 * Errors Node's parser raises on a connection before the gateway sees a request. A request whose headers
 * did not arrive in time gets a JSON 408 and a gentle close (FIN); the rest is answered as Node itself
 * would (400, 431, 413), then destroyed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inProgress = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  const canAnswer = socket.writable && !inProgress?.headersSent;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && canAnswer) {
    socket.write(REQUEST_TIMEOUT_ANSWER);
    closeGently(socket as Socket);
    return;
  }
  if (canAnswer && error.code !== 'ECONNRESET') socket.write(rawAnswer(CANNED[error.code ?? ''] ?? '400 Bad Request'));
  socket.destroy(error);
}

/**
 * Puts the client time limits on the server: headers within `headersTimeoutMs` (Node's own check, run
 * every second instead of every 30 s), and, as a backstop for what the gateway does not time itself,
 * whole requests within headers + body cap + 30 s. Request bodies on the proxy are timed per request
 * (ClientBody). Call before the server listens.
 */
export function applyClientDeadlines(server: Server, deadlines: ClientDeadlines): void {
  server.headersTimeout = deadlines.headersTimeoutMs;
  server.requestTimeout = deadlines.headersTimeoutMs + deadlines.bodyMaxMs + 30_000;
  // Read when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1000,
    deadlines.headersTimeoutMs,
  );
  server.on('clientError', answerClientError);
}

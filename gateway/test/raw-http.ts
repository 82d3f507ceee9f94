import { connect, type Socket } from 'node:net';

/** One answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/** How the server ended the connection: 'end' is a clean FIN, anything else is the socket error (e.g. ECONNRESET). */
export type ConnectionEnding = 'end' | string;

/**
 * A keep-alive HTTP/1.1 connection driven byte by byte: the test decides what is written and when, reads
 * the answers in order, and sees how the server closed the connection (FIN or reset).
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private readonly waiters: (() => void)[] = [];
  private endedBy: ConnectionEnding | null = null;
  /** Settles with how the connection ended, once it has. */
  readonly ended: Promise<ConnectionEnding>;

  private constructor(readonly socket: Socket) {
    this.ended = new Promise((resolve) => {
      const finish = (how: ConnectionEnding) => {
        if (this.endedBy !== null) return;
        this.endedBy = how;
        this.wake();
        resolve(how);
      };
      socket.on('data', (chunk: Buffer) => {
        this.buffer = Buffer.concat([this.buffer, chunk]);
        this.wake();
      });
      socket.on('end', () => finish('end'));
      socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
      socket.on('close', () => finish('closed'));
    });
  }

  static open(baseUrl: string): Promise<RawConnection> {
    const url = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** How the connection ended so far (null while open). */
  get ending(): ConnectionEnding | null {
    return this.endedBy;
  }

  /** Writes unless the connection is already gone; true when written. */
  write(data: string | Buffer): boolean {
    if (this.endedBy !== null || this.socket.destroyed || !this.socket.writable) return false;
    this.socket.write(data);
    return true;
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The next complete answer (Content-Length framed), or a rejection naming why none came within `withinMs`. */
  async answer(withinMs: number): Promise<RawAnswer> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const parsed = this.takeAnswer();
      if (parsed) return parsed;
      if (this.endedBy !== null) throw new Error(`connection ended (${this.endedBy}) before a complete answer`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${withinMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.changed(), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
  }

  /** Resolves with how the connection ended, or 'still open' after `withinMs`. */
  async endingWithin(withinMs: number): Promise<ConnectionEnding | 'still open'> {
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      this.ended,
      new Promise<'still open'>((resolve) => (timer = setTimeout(() => resolve('still open'), withinMs))),
    ]);
    clearTimeout(timer);
    return result;
  }

  private takeAnswer(): RawAnswer | null {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd === -1) return null;
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    if (status >= 100 && status < 200) {
      this.buffer = this.buffer.subarray(headEnd + 4);
      return this.takeAnswer();
    }
    if (headers['content-length'] === undefined) throw new Error(`answer without Content-Length: ${statusLine}`);
    const length = Number(headers['content-length']);
    if (this.buffer.length < headEnd + 4 + length) return null;
    const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length);
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    return { status, headers, body, json: <T>() => JSON.parse(body.toString('utf8')) as T };
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A multipart/form-data upload of one file of `fileBytes` bytes, cut into `pieces` nearly equal parts. */
export function multipartUpload(
  fileBytes: number,
  pieces: number,
): { contentType: string; parts: Buffer[]; length: number } {
  const boundary = '----kcf-test-boundary-7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBirth certificate\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const file = Buffer.alloc(fileBytes, 0x25);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const whole = Buffer.concat([head, file, tail]);
  const size = Math.ceil(whole.length / pieces);
  const parts: Buffer[] = [];
  for (let at = 0; at < whole.length; at += size) parts.push(whole.subarray(at, at + size));
  return { contentType: `multipart/form-data; boundary=${boundary}`, parts, length: whole.length };
}

/** The head of a request written by hand (HTTP/1.1, keep-alive). */
export function requestHead(method: string, path: string, headers: Record<string, string | number> = {}): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: gateway.test',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

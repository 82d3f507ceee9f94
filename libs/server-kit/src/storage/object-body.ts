import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectSizeMismatchError, ObjectTooLargeError } from './storage-errors';

const CONTENT_TYPE_SHAPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(?:\s*;.*)?$/i;

/** A MIME type such as `application/pdf` or `text/plain; charset=utf-8`. */
export function assertContentType(contentType: unknown): asserts contentType is string {
  if (typeof contentType !== 'string' || contentType.length > 200 || !CONTENT_TYPE_SHAPE.test(contentType)) {
    throw new TypeError(`Invalid content type: ${JSON.stringify(contentType)}`);
  }
}

/** Refuses a declared size before any byte is read. */
export function checkDeclaredSize(key: string, size: number | undefined, maxBytes: number): void {
  if (size === undefined) return;
  if (!Number.isSafeInteger(size) || size < 0) throw new TypeError(`Invalid object size: ${size}`);
  if (size > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
}

/** Checks a whole body against the declared size and the limit. */
export function checkBufferSize(key: string, body: Buffer, size: number | undefined, maxBytes: number): void {
  if (body.length > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
  if (size !== undefined && size !== body.length) throw new ObjectSizeMismatchError(key, size, body.length);
}

/**
 * Passes bytes through while counting them; fails as soon as the count passes the limit or the
 * declared size, and at the end when the count falls short of the declared size.
 */
export class CountingLimit extends Transform {
  bytes = 0;

  constructor(
    private readonly key: string,
    private readonly maxBytes: number,
    private readonly declaredSize: number | undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new ObjectTooLargeError(this.key, this.maxBytes));
    if (this.declaredSize !== undefined && this.bytes > this.declaredSize) {
      return callback(new ObjectSizeMismatchError(this.key, this.declaredSize, this.bytes));
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.declaredSize !== undefined && this.bytes !== this.declaredSize) {
      return callback(new ObjectSizeMismatchError(this.key, this.declaredSize, this.bytes));
    }
    callback();
  }
}

/** Reads a stream into one buffer, refusing it as soon as it passes the limit or the declared size. */
export async function readBodyLimited(
  key: string,
  body: Readable,
  maxBytes: number,
  declaredSize: number | undefined,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(body, new CountingLimit(key, maxBytes, declaredSize), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}

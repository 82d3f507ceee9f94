import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Client } from 'minio';
import { assertValidObjectKey } from './object-key';
import { assertContentType, checkBufferSize, checkDeclaredSize, readBodyLimited } from './object-body';
import {
  DEFAULT_CONTENT_TYPE,
  DEFAULT_MAX_OBJECT_BYTES,
  STREAM_PART_BYTES,
  type ObjectStorage,
  type PutObjectOptions,
  type StoredObject,
  type StoredObjectInfo,
} from './object-storage';
import { ObjectNotFoundError } from './storage-errors';

export interface S3StorageOptions {
  /** Host name of the S3 server (MinIO in production). */
  endpoint: string;
  port?: number;
  useSSL?: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /** Largest object accepted (default 64 MiB); every upload is sent in one request. */
  maxObjectBytes?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const MISSING_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);
/** A connection cut before the answer came: the part is sent again (the same part number replaces it). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);
const PART_TRIES = 3;

/**
 * Objects in one bucket of an S3 server, path-style. Every upload (`put`) goes in a single PUT: the client's
 * part size is set above the largest accepted object, so the client never starts a multipart upload itself;
 * it reads the body into memory first. `putStream` sends a stream of unknown length as a multipart upload of
 * its own, one part (STREAM_PART_BYTES) in memory at a time, each part on a connection of its own: a part can
 * wait for its bytes longer than the server keeps an idle connection open, so a kept-alive one could be closed by
 * the server just as it is reused. A part whose connection is cut anyway is sent again. Downloads are streamed.
 */
/**
 * The minio client, loaded when an S3Storage is first made: a service that stores its files on local disk (or
 * stores none) never loads it, so only the services that keep files depend on the `minio` package.
 */
function minio(): typeof import('minio') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('minio') as typeof import('minio');
}

export class S3Storage implements ObjectStorage {
  private readonly client: Client;
  /** The same server through connections that are never reused: for the parts of `putStream`. */
  private readonly partClient: Client;
  private readonly agent: HttpAgent;
  private readonly partAgent: HttpAgent;
  private readonly bucket: string;
  private readonly region: string;
  private readonly maxObjectBytes: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.region = options.region ?? 'us-east-1';
    this.maxObjectBytes = options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES;
    const useSSL = options.useSSL ?? false;
    const agent = (keepAlive: boolean) => (useSSL ? new HttpsAgent({ keepAlive }) : new HttpAgent({ keepAlive }));
    const { Client } = minio();
    const client = (transportAgent: HttpAgent) =>
      new Client({
        endPoint: options.endpoint,
        port: options.port,
        useSSL,
        accessKey: options.accessKey,
        secretKey: options.secretKey,
        region: this.region,
        pathStyle: true,
        partSize: Math.max(MIN_PART_SIZE, this.maxObjectBytes),
        transportAgent,
      });
    this.agent = agent(true);
    this.partAgent = agent(false);
    this.client = client(this.agent);
    this.partClient = client(this.partAgent);
  }

  /** Creates the bucket when it does not exist yet. */
  async init(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      const code = error instanceof minio().S3Error ? error.code : undefined;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
    }
  }

  async put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<StoredObjectInfo> {
    assertValidObjectKey(key);
    assertContentType(options.contentType);
    checkDeclaredSize(key, options.size, this.maxObjectBytes);
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) {
      checkBufferSize(key, body, options.size, this.maxObjectBytes);
      bytes = body;
    } else {
      bytes = await readBodyLimited(key, body, this.maxObjectBytes, options.size);
    }
    await this.client.putObject(this.bucket, key, bytes, bytes.length, { 'Content-Type': options.contentType });
    return await this.stat(key);
  }

  async putStream(
    key: string,
    body: Readable,
    options: Pick<PutObjectOptions, 'contentType'>,
  ): Promise<StoredObjectInfo> {
    assertValidObjectKey(key);
    assertContentType(options.contentType);
    const uploadId = await this.client.initiateNewMultipartUpload(this.bucket, key, {
      'Content-Type': options.contentType,
    });
    try {
      const parts: { part: number; etag: string }[] = [];
      for await (const bytes of partsOf(body, STREAM_PART_BYTES)) {
        const part = parts.length + 1;
        const { etag } = await againOnReset(() =>
          this.partClient.uploadPart(
            { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} },
            bytes,
          ),
        );
        parts.push({ part, etag });
      }
      if (parts.length === 0) {
        // An upload needs a part; an empty object goes in one PUT.
        await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
        await this.client.putObject(this.bucket, key, Buffer.alloc(0), 0, { 'Content-Type': options.contentType });
      } else {
        await this.client.completeMultipartUpload(this.bucket, key, uploadId, parts);
      }
    } catch (error) {
      body.destroy();
      // Best effort: a server that keeps the parts of an abandoned upload expires them by its own rules.
      await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw error;
    }
    return await this.stat(key);
  }

  async get(key: string): Promise<StoredObject> {
    assertValidObjectKey(key);
    let stream: Readable;
    try {
      stream = await this.client.getObject(this.bucket, key);
    } catch (error) {
      throw this.notFoundOr(key, error);
    }
    const headers = (stream as Partial<IncomingMessage>).headers;
    const length = Number(headers?.['content-length']);
    if (headers && Number.isSafeInteger(length)) {
      return { stream, size: length, contentType: headers['content-type'] ?? DEFAULT_CONTENT_TYPE };
    }
    try {
      const info = await this.stat(key);
      return { stream, size: info.size, contentType: info.contentType };
    } catch (error) {
      stream.destroy();
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo> {
    assertValidObjectKey(key);
    try {
      const info = await this.client.statObject(this.bucket, key);
      const meta = info.metaData as Record<string, unknown>;
      const contentType = typeof meta['content-type'] === 'string' ? meta['content-type'] : DEFAULT_CONTENT_TYPE;
      return { key, size: info.size, contentType, lastModified: info.lastModified };
    } catch (error) {
      throw this.notFoundOr(key, error);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.partAgent.destroy();
  }

  private notFoundOr(key: string, error: unknown): unknown {
    return isMissing(error) ? new ObjectNotFoundError(key) : error;
  }
}

/**
 * The stream in pieces of `size` bytes (the last one shorter), copied into one buffer that is filled again for
 * each piece: a piece is valid only until the next one is asked for, so one piece is in memory at a time.
 */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  const part = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const chunk of body) {
    let piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (piece.length > 0) {
      const taken = piece.copy(part, filled, 0, Math.min(piece.length, size - filled));
      filled += taken;
      piece = piece.subarray(taken);
      if (filled === size) {
        yield part;
        filled = 0;
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled);
}

/** Runs `send` again when its connection was cut, up to PART_TRIES in all. */
async function againOnReset<T>(send: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (tries >= PART_TRIES || typeof code !== 'string' || !RESET_CODES.has(code)) throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const { S3Error } = minio();
  return error instanceof S3Error && error.code !== undefined && MISSING_CODES.has(error.code);
}

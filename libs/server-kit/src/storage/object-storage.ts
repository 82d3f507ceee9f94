import type { Readable } from 'node:stream';

export interface PutObjectOptions {
  /** MIME type given back by `get` and `stat`. */
  contentType: string;
  /** Length of the body in bytes, when known; a body of another length is refused. */
  size?: number;
}

export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface StoredObject {
  /** The object's bytes; read it to the end or destroy it. */
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are checked with `assertValidObjectKey` before any I/O.
 * Adapters: `LocalDiskStorage` (embedded) and `S3Storage` (MinIO or any S3 server).
 */
export interface ObjectStorage {
  /** Prepares the storage (folders, bucket). Called once before use; safe to call again. */
  init(): Promise<void>;
  /** Stores the body under the key, replacing any object already there. */
  put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<StoredObjectInfo>;
  /**
   * Stores a stream whose length is not known beforehand (an object the service builds itself, such as a
   * child's data export), holding at most one part of it in memory (`STREAM_PART_BYTES`), whatever its size.
   * The size limit of uploads does not apply. A failing stream stores nothing.
   */
  putStream(key: string, body: Readable, options: Pick<PutObjectOptions, 'contentType'>): Promise<StoredObjectInfo>;
  /** Opens the object for reading. Throws `ObjectNotFoundError` when the key names nothing. */
  get(key: string): Promise<StoredObject>;
  /** Size, type and time of the object. Throws `ObjectNotFoundError` when the key names nothing. */
  stat(key: string): Promise<StoredObjectInfo>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Lets go of connections; the storage is not used afterwards. */
  close(): Promise<void>;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** What `putStream` holds in memory at most: one part of an S3 multipart upload (S3's smallest). */
export const STREAM_PART_BYTES = 5 * 1024 * 1024;

/** The largest object accepted unless configured otherwise (64 MiB). */
export const DEFAULT_MAX_OBJECT_BYTES = 64 * 1024 * 1024;

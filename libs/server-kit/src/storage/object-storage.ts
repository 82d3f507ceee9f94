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

/** The largest object accepted unless configured otherwise (64 MiB). */
export const DEFAULT_MAX_OBJECT_BYTES = 64 * 1024 * 1024;

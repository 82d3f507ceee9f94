/** `@kcf/server-kit/storage`: the object storage port, its two adapters (local disk, S3) and StorageModule. */
import 'reflect-metadata';

export {
  DEFAULT_CONTENT_TYPE,
  DEFAULT_MAX_OBJECT_BYTES,
  STREAM_PART_BYTES,
  type ObjectStorage,
  type PutObjectOptions,
  type StoredObject,
  type StoredObjectInfo,
} from './object-storage';
export {
  ObjectStorageError,
  ObjectNotFoundError,
  InvalidObjectKeyError,
  ObjectTooLargeError,
  ObjectSizeMismatchError,
} from './storage-errors';
export { assertValidObjectKey, isValidObjectKey, OBJECT_KEY_MAX_LENGTH } from './object-key';
export { LocalDiskStorage, type LocalDiskStorageOptions } from './local-disk-storage';
export { S3Storage, type S3StorageOptions } from './s3-storage';
export { createObjectStorage, type ObjectStorageConfig } from './create-object-storage';
export { StorageModule, OBJECT_STORAGE, type StorageSettings } from './storage.module';

import { LocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';

export interface ObjectStorageConfig {
  /** S3 server: a host name (`minio`) or a URL (`http://minio:9000`). Absent: files go to local disk. */
  endpoint?: string;
  port?: number;
  useSSL?: boolean;
  accessKey?: string;
  secretKey?: string;
  bucket?: string;
  region?: string;
  /** Folder for the local-disk storage used when no endpoint is configured. */
  localRoot: string;
  /** Largest object accepted (default 64 MiB). */
  maxObjectBytes?: number;
}

/** Picks S3 when an endpoint is configured, else local disk; the storage is initialised before it is returned. */
export async function createObjectStorage(config: ObjectStorageConfig): Promise<ObjectStorage> {
  const storage: ObjectStorage = config.endpoint
    ? new S3Storage(s3OptionsFrom(config))
    : new LocalDiskStorage({ root: config.localRoot, maxObjectBytes: config.maxObjectBytes });
  await storage.init();
  return storage;
}

export function s3OptionsFrom(config: ObjectStorageConfig): S3StorageOptions {
  const { accessKey, secretKey, bucket } = config;
  if (!config.endpoint) throw new Error('S3 storage needs an endpoint');
  if (!accessKey || !secretKey || !bucket) {
    throw new Error('S3 storage needs an access key, a secret key and a bucket besides the endpoint');
  }
  let endpoint = config.endpoint;
  let port = config.port;
  let useSSL = config.useSSL;
  if (endpoint.includes('://')) {
    const url = new URL(endpoint);
    endpoint = url.hostname;
    useSSL = useSSL ?? url.protocol === 'https:';
    port = port ?? (url.port ? Number(url.port) : undefined);
  }
  return {
    endpoint,
    port,
    useSSL,
    accessKey,
    secretKey,
    bucket,
    region: config.region,
    maxObjectBytes: config.maxObjectBytes,
  };
}

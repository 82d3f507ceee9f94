import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { onProcessExit } from './exit-cleanup';
import { uniqueName } from './unique-name';

export interface TestS3Server {
  /** Host name to give an S3 client (without scheme or port). */
  endpoint: string;
  port: number;
  /** `http://<endpoint>:<port>` */
  url: string;
  accessKey: string;
  secretKey: string;
  /** A unique bucket name for this server; created only when `createBucket` was asked for. */
  bucket: string;
  /** Closes the server and removes its files. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartS3rverOptions {
  /** Create `bucket` before returning (by default the code under test creates it). */
  createBucket?: boolean;
}

/** Starts an S3-compatible server on a random loopback port, storing its files in a fresh temp folder. */
export async function startS3rver(options: StartS3rverOptions = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'kcf-s3rver-'));
  const bucket = uniqueName('kcf-test');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: options.createBucket ? [{ name: bucket }] : [],
  });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const forget = onProcessExit(() => rmSync(directory, { recursive: true, force: true }));
  return {
    endpoint: '127.0.0.1',
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    async stop() {
      if (stopped) return;
      stopped = true;
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
      forget();
    },
  };
}

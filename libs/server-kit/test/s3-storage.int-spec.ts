jest.setTimeout(60_000);

import { startS3rver, uniqueName, type TestS3Server } from '@kcf/testing';
import { createObjectStorage, S3Storage } from '../src/storage';
import { describeObjectStorageContract } from './object-storage.contract';

let server: TestS3Server;

beforeAll(async () => {
  server = await startS3rver();
});

afterAll(async () => {
  await server?.stop();
});

function storageFor(bucket: string, maxObjectBytes?: number): S3Storage {
  return new S3Storage({
    endpoint: server.endpoint,
    port: server.port,
    useSSL: false,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    bucket,
    maxObjectBytes,
  });
}

describeObjectStorageContract('S3 (s3rver)', async (options) => {
  const storage = storageFor(uniqueName('kcf-contract'), options?.maxObjectBytes);
  await storage.init();
  return storage;
});

describe('S3Storage against a real S3 server', () => {
  it('creates its bucket at init when it is missing, and init can run again', async () => {
    const storage = storageFor(uniqueName('kcf-init'));
    try {
      await storage.init();
      await storage.init();
      await storage.put('a.txt', Buffer.from('a'), { contentType: 'text/plain' });
      expect(await storage.exists('a.txt')).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it('is what the factory picks when an endpoint URL is configured', async () => {
    const storage = await createObjectStorage({
      endpoint: server.url,
      accessKey: server.accessKey,
      secretKey: server.secretKey,
      bucket: server.bucket,
      localRoot: '/nonexistent/never-used',
    });
    try {
      expect(storage).toBeInstanceOf(S3Storage);
      await storage.put('factory/x.txt', Buffer.from('x'), { contentType: 'text/plain' });
      expect((await storage.stat('factory/x.txt')).size).toBe(1);
    } finally {
      await storage.close();
    }
  });
});

jest.setTimeout(60_000);

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { startS3rver, uniqueName, type TestS3Server } from '@kcf/testing';
import { S3Storage } from '../src/storage';
import { STREAM_PART_BYTES } from '../src/storage/object-storage';

/**
 * A kept-alive connection the server has just closed (its keep-alive time ran out while the next part was being
 * read) failed the next part's upload with ECONNRESET. Parts now go on connections of their own, and a part whose
 * connection is cut anyway is sent again under the same number, so the upload goes on instead of failing the export.
 */
let s3: TestS3Server;
let proxy: Server;
let proxyPort: number;
let resets = 0;
/** The connection each part's request came on. */
const partSockets: unknown[] = [];

beforeAll(async () => {
  s3 = await startS3rver();
  // Forwards everything to s3rver, except that it cuts the connection of the first try of part 2.
  proxy = createServer((req, res) => {
    const isPart = req.method === 'PUT' && /[?&]partNumber=\d+(&|$)/.test(req.url ?? '');
    if (isPart) partSockets.push(req.socket);
    if (isPart && /[?&]partNumber=2(&|$)/.test(req.url ?? '') && resets === 0) {
      resets += 1;
      req.socket.destroy();
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: s3.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve).closeAllConnections());
  await s3?.stop();
});

it('sends a part again when its connection was reset, and the object holds every byte once', async () => {
  const storage = new S3Storage({
    endpoint: '127.0.0.1',
    port: proxyPort,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    bucket: uniqueName('kcf-reset'),
  });
  await storage.init();
  try {
    const bytes = Buffer.alloc(STREAM_PART_BYTES * 2 + 1234);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
    const info = await storage.putStream('exports/reset.zip', Readable.from([bytes]), {
      contentType: 'application/zip',
    });
    expect(resets).toBe(1);
    // Three parts and the second one's second try, each on a connection of its own (none waits idle for reuse).
    expect(partSockets).toHaveLength(4);
    expect(new Set(partSockets).size).toBe(4);
    expect(info.size).toBe(bytes.length);
    const object = await storage.get('exports/reset.zip');
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  } finally {
    await storage.close();
  }
});

import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { unzipSync } from 'fflate';
import { startS3rver, uniqueName, type TestS3Server } from '@kcf/testing';
import { S3Storage } from '@kcf/server-kit';
import { writeZip, type ZipSource } from '../src/data-requests/export-zip';

/**
 * A child's export ZIP is streamed into storage (a real S3 server): 40 MB of files are written while the
 * process holds only a small part of them at any moment, and the ZIP holds every byte.
 */
jest.setTimeout(120_000);

const FILES = 40;
const FILE_BYTES = 1024 * 1024;
const PIECE = 64 * 1024;

let server: TestS3Server;
beforeAll(async () => {
  server = await startS3rver({ ownProcess: true });
});
afterAll(async () => {
  await server?.stop();
});

/** A file of `FILE_BYTES` made piece by piece as it is read (never whole in memory), its SHA-256 kept. */
function generated(name: string, digests: Map<string, string>): ZipSource {
  return {
    name,
    compress: false,
    open: async () => {
      const hash = createHash('sha256');
      let sent = 0;
      return new Readable({
        read() {
          if (sent >= FILE_BYTES) {
            digests.set(name, hash.digest('hex'));
            return this.push(null);
          }
          const piece = randomBytes(PIECE);
          hash.update(piece);
          sent += PIECE;
          this.push(piece);
        },
      });
    },
  };
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** What the process holds (JavaScript heap and buffers) once garbage is collected. */
const held = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

it('writes 40 MB of files into storage holding far less than that, and the ZIP holds every byte', async () => {
  const storage = new S3Storage({
    endpoint: server.endpoint,
    port: server.port,
    useSSL: false,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    bucket: uniqueName('kcf-export'),
  });
  await storage.init();
  try {
    const digests = new Map<string, string>();
    const sources = [
      { name: 'child.json', compress: true, open: async () => Buffer.from('{"id":"KCF-000001"}') },
      ...Array.from({ length: FILES }, (_, i) => generated(`files/documents/${i}.pdf`, digests)),
    ];
    const before = held();
    let peak = 0;
    let written = 0;
    // Measured after each file: the build reads on only while the storage keeps up, so nothing piles up between.
    const zip = writeZip(sources, new Date('2026-03-02T08:00:00Z'), async (count) => {
      written = count;
      peak = Math.max(peak, held() - before);
    });
    // The storage's own failure first: when an upload fails, the ZIP only learns that its stream was closed.
    const [stored, finished] = await Promise.allSettled([
      storage.putStream('beneficiaries/data-exports/memory.zip', zip.stream, { contentType: 'application/zip' }),
      zip.finished,
    ]);
    if (stored.status === 'rejected') throw stored.reason;
    if (finished.status === 'rejected') throw finished.reason;
    const info = stored.value;
    expect(written).toBe(FILES + 1);
    expect(info.size).toBeGreaterThan(FILES * FILE_BYTES);
    // The whole ZIP in memory would be 40 MB and more; what is held is one part of 5 MB and a few pieces (the S3
    // server runs in a process of its own, so what it receives is not counted here).
    expect(peak).toBeLessThan(12 * 1024 * 1024);

    const object = await storage.get('beneficiaries/data-exports/memory.zip');
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Buffer.from(files['child.json']).toString()).toBe('{"id":"KCF-000001"}');
    for (const [name, digest] of digests)
      expect({ name, digest: createHash('sha256').update(files[name]).digest('hex') }).toEqual({ name, digest });
    expect(digests.size).toBe(FILES);
  } finally {
    await storage.close();
  }
});

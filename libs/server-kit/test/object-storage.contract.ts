import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectSizeMismatchError,
  ObjectTooLargeError,
  STREAM_PART_BYTES,
  type ObjectStorage,
} from '../src/storage';

export interface StorageFactoryOptions {
  maxObjectBytes?: number;
}

/** Builds a fresh, initialised storage; the suite closes it. */
export type MakeStorage = (options?: StorageFactoryOptions) => Promise<ObjectStorage>;

export async function readAll(stream: Readable): Promise<{ bytes: Buffer; chunks: number; largestChunk: number }> {
  const parts: Buffer[] = [];
  let largestChunk = 0;
  for await (const chunk of stream) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    largestChunk = Math.max(largestChunk, part.length);
    parts.push(part);
  }
  return { bytes: Buffer.concat(parts), chunks: parts.length, largestChunk };
}

/** A stream that hands out `bytes` in small pieces, the way an upload arrives. */
export function streamOf(bytes: Buffer, pieceSize = 64 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= bytes.length) return this.push(null);
      this.push(bytes.subarray(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
}

/** A body that records whether anyone started reading it. */
function untouchedBody(): { stream: Readable; wasRead: () => boolean } {
  let read = false;
  const stream = new Readable({
    read() {
      read = true;
      this.push(null);
    },
  });
  return { stream, wasRead: () => read };
}

const TRAVERSAL_KEYS = [
  '../x',
  'a/../../b',
  '/abs',
  '%2e%2e/x',
  '..%2f..%2fetc/passwd',
  'a//b',
  'a/',
  '',
  'A.PDF',
  'a\\..\\b',
];

/** The behaviour every object-storage adapter must show. */
export function describeObjectStorageContract(name: string, makeStorage: MakeStorage): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;

    beforeAll(async () => {
      storage = await makeStorage();
    });

    afterAll(async () => {
      await storage?.close();
    });

    it('gives back exactly the bytes and content type it was given', async () => {
      const bytes = randomBytes(4096);
      bytes[0] = 0;
      bytes[1] = 0xff;
      const stored = await storage.put('roundtrip/binary.bin', bytes, { contentType: 'application/octet-stream' });
      expect(stored).toMatchObject({
        key: 'roundtrip/binary.bin',
        size: 4096,
        contentType: 'application/octet-stream',
      });

      const object = await storage.get('roundtrip/binary.bin');
      expect(object.size).toBe(4096);
      expect(object.contentType).toBe('application/octet-stream');
      expect((await readAll(object.stream)).bytes.equals(bytes)).toBe(true);
    });

    it('stores an empty object', async () => {
      await storage.put('roundtrip/empty.txt', Buffer.alloc(0), { contentType: 'text/plain' });
      const object = await storage.get('roundtrip/empty.txt');
      expect(object.size).toBe(0);
      expect((await readAll(object.stream)).bytes.length).toBe(0);
      expect(await storage.exists('roundtrip/empty.txt')).toBe(true);
    });

    it('takes a 2 MB upload as a stream, with or without its size, and streams it back in pieces', async () => {
      const bytes = randomBytes(2 * 1024 * 1024 + 123);
      await storage.put('roundtrip/large-sized.pdf', streamOf(bytes), {
        contentType: 'application/pdf',
        size: bytes.length,
      });
      await storage.put('roundtrip/large-unsized.pdf', streamOf(bytes), { contentType: 'application/pdf' });

      for (const key of ['roundtrip/large-sized.pdf', 'roundtrip/large-unsized.pdf']) {
        const object = await storage.get(key);
        expect(object.size).toBe(bytes.length);
        expect(object.contentType).toBe('application/pdf');
        const read = await readAll(object.stream);
        expect(read.bytes.equals(bytes)).toBe(true);
        // Handed over piece by piece, not as one buffer holding the whole file.
        expect(read.chunks).toBeGreaterThan(1);
        expect(read.largestChunk).toBeLessThan(bytes.length);
      }
    });

    it('keeps the content type, including parameters', async () => {
      await storage.put('types/note.txt', Buffer.from('Habari'), { contentType: 'text/plain; charset=utf-8' });
      expect((await storage.stat('types/note.txt')).contentType).toBe('text/plain; charset=utf-8');
      const object = await storage.get('types/note.txt');
      expect(object.contentType).toBe('text/plain; charset=utf-8');
      object.stream.destroy();
    });

    it('reports size, type and time through stat', async () => {
      const before = Date.now();
      await storage.put('stat/photo.jpg', randomBytes(1000), { contentType: 'image/jpeg' });
      const info = await storage.stat('stat/photo.jpg');
      expect(info.key).toBe('stat/photo.jpg');
      expect(info.size).toBe(1000);
      expect(info.contentType).toBe('image/jpeg');
      expect(info.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(info.lastModified.getTime() - before)).toBeLessThan(60_000);
    });

    it('replaces an object on overwrite, bytes and type alike', async () => {
      await storage.put('overwrite/receipt', Buffer.from('first version, longer'), { contentType: 'text/plain' });
      await storage.put('overwrite/receipt', Buffer.from('second'), { contentType: 'application/json' });
      const object = await storage.get('overwrite/receipt');
      expect(object.size).toBe(6);
      expect(object.contentType).toBe('application/json');
      expect((await readAll(object.stream)).bytes.toString()).toBe('second');
    });

    it('deletes, and deleting again or deleting what never existed is no error', async () => {
      await storage.put('delete/me.txt', Buffer.from('bye'), { contentType: 'text/plain' });
      await storage.delete('delete/me.txt');
      expect(await storage.exists('delete/me.txt')).toBe(false);
      await expect(storage.get('delete/me.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete('delete/me.txt')).resolves.toBeUndefined();
      await expect(storage.delete('delete/never-was.txt')).resolves.toBeUndefined();
    });

    it('answers a missing key with ObjectNotFoundError from get and stat, and false from exists', async () => {
      await expect(storage.get('missing/nothing.pdf')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.stat('missing/nothing.pdf')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.get('missing/nothing.pdf')).rejects.toMatchObject({
        code: 'OBJECT_NOT_FOUND',
        key: 'missing/nothing.pdf',
      });
      expect(await storage.exists('missing/nothing.pdf')).toBe(false);
    });

    it('treats a folder-like prefix of stored keys as missing', async () => {
      await storage.put('prefix/child/file.txt', Buffer.from('x'), { contentType: 'text/plain' });
      await expect(storage.get('prefix/child')).rejects.toBeInstanceOf(ObjectNotFoundError);
      expect(await storage.exists('prefix/child')).toBe(false);
      await expect(storage.delete('prefix/child')).resolves.toBeUndefined();
      expect(await storage.exists('prefix/child/file.txt')).toBe(true);
    });

    it.each(TRAVERSAL_KEYS)('refuses the key %j in every call before touching the body or the store', async (key) => {
      const body = untouchedBody();
      await expect(storage.put(key, body.stream, { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      expect(body.wasRead()).toBe(false);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });

    it('refuses a body whose length differs from the declared size and keeps the previous version', async () => {
      await storage.put('size/doc.txt', Buffer.from('kept'), { contentType: 'text/plain' });
      await expect(
        storage.put('size/doc.txt', Buffer.from('too long'), { contentType: 'text/plain', size: 3 }),
      ).rejects.toBeInstanceOf(ObjectSizeMismatchError);
      await expect(
        storage.put('size/doc.txt', streamOf(Buffer.from('short')), { contentType: 'text/plain', size: 50 }),
      ).rejects.toBeInstanceOf(ObjectSizeMismatchError);
      await expect(
        storage.put('size/doc.txt', streamOf(Buffer.alloc(200_000, 7), 1000), { contentType: 'text/plain', size: 10 }),
      ).rejects.toBeInstanceOf(ObjectSizeMismatchError);
      expect((await readAll((await storage.get('size/doc.txt')).stream)).bytes.toString()).toBe('kept');
      await expect(
        storage.put('size/new.txt', Buffer.from('abc'), { contentType: 'text/plain', size: 4 }),
      ).rejects.toThrow();
      expect(await storage.exists('size/new.txt')).toBe(false);
    });

    it('refuses an invalid content type', async () => {
      await expect(storage.put('types/bad', Buffer.from('x'), { contentType: 'not a type' })).rejects.toThrow(
        /content type/,
      );
      expect(await storage.exists('types/bad')).toBe(false);
    });

    it('refuses an object over its size limit, declared or streamed, and stores nothing', async () => {
      const small = await makeStorage({ maxObjectBytes: 1024 * 1024 });
      try {
        const tooBig = Buffer.alloc(1024 * 1024 + 1, 1);
        await expect(
          small.put('limit/a.bin', tooBig, { contentType: 'application/octet-stream' }),
        ).rejects.toBeInstanceOf(ObjectTooLargeError);
        const body = untouchedBody();
        await expect(
          small.put('limit/b.bin', body.stream, { contentType: 'application/octet-stream', size: tooBig.length }),
        ).rejects.toBeInstanceOf(ObjectTooLargeError);
        expect(body.wasRead()).toBe(false);
        await expect(
          small.put('limit/c.bin', streamOf(tooBig), { contentType: 'application/octet-stream' }),
        ).rejects.toBeInstanceOf(ObjectTooLargeError);
        for (const key of ['limit/a.bin', 'limit/b.bin', 'limit/c.bin']) expect(await small.exists(key)).toBe(false);
        await small.put('limit/ok.bin', Buffer.alloc(1024 * 1024, 1), { contentType: 'application/octet-stream' });
        expect((await small.stat('limit/ok.bin')).size).toBe(1024 * 1024);
      } finally {
        await small.close();
      }
    });

    it('passes a failing upload stream error on and stores nothing', async () => {
      const failing = new Readable({
        read() {
          this.destroy(new Error('connection reset by the phone'));
        },
      });
      await expect(storage.put('broken/upload.pdf', failing, { contentType: 'application/pdf' })).rejects.toThrow(
        'connection reset by the phone',
      );
      expect(await storage.exists('broken/upload.pdf')).toBe(false);
    });

    it('stores a stream of unknown length over several parts, past the upload size limit', async () => {
      const small = await makeStorage({ maxObjectBytes: 1024 });
      try {
        const size = 2 * STREAM_PART_BYTES + 777;
        const sent = createHash('sha256');
        let offset = 0;
        const body = new Readable({
          read() {
            if (offset >= size) return this.push(null);
            const piece = randomBytes(Math.min(256 * 1024, size - offset));
            sent.update(piece);
            offset += piece.length;
            this.push(piece);
          },
        });
        const info = await small.putStream('streamed/export.zip', body, { contentType: 'application/zip' });
        expect(info).toMatchObject({ key: 'streamed/export.zip', size, contentType: 'application/zip' });
        const object = await small.get('streamed/export.zip');
        const received = createHash('sha256');
        for await (const chunk of object.stream) received.update(chunk as Buffer);
        expect(received.digest('hex')).toBe(sent.digest('hex'));
      } finally {
        await small.close();
      }
    });

    it('stores an empty stream as an empty object, and nothing when the stream fails', async () => {
      await storage.putStream('streamed/empty.zip', Readable.from([]), { contentType: 'application/zip' });
      expect((await storage.stat('streamed/empty.zip')).size).toBe(0);
      let sent = 0;
      const failing = new Readable({
        read() {
          if (sent >= STREAM_PART_BYTES + 1024) return this.destroy(new Error('the export stopped'));
          sent += 64 * 1024;
          this.push(randomBytes(64 * 1024));
        },
      });
      await expect(
        storage.putStream('streamed/broken.zip', failing, { contentType: 'application/zip' }),
      ).rejects.toThrow('the export stopped');
      expect(await storage.exists('streamed/broken.zip')).toBe(false);
      await expect(
        storage.putStream('../x.zip', Readable.from([]), { contentType: 'application/zip' }),
      ).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });
  });
}

jest.setTimeout(60_000);

import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createObjectStorage, LocalDiskStorage } from '../src/storage';
import { describeObjectStorageContract, readAll, streamOf } from './object-storage.contract';

const roots: string[] = [];

async function freshRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'kcf-disk-storage-'));
  roots.push(root);
  return root;
}

afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

describeObjectStorageContract('local disk', async (options) => {
  const storage = new LocalDiskStorage({ root: await freshRoot(), maxObjectBytes: options?.maxObjectBytes });
  await storage.init();
  return storage;
});

describe('LocalDiskStorage on disk', () => {
  // Checked here rather than in the contract: s3rver, the S3 server of the tests, writes objects in
  // place, while MinIO and S3 replace them atomically as this adapter does with temp file and rename.
  it('ends concurrent writes to one key with one whole version, never a mix', async () => {
    const storage = new LocalDiskStorage({ root: await freshRoot() });
    await storage.init();
    const versions = [0, 1, 2, 3].map((n) => Buffer.alloc(300 * 1024, n + 1));
    for (let round = 0; round < 5; round += 1) {
      const writes = versions.map((v) =>
        storage.put('race/doc.bin', streamOf(v, 16 * 1024), { contentType: 'application/octet-stream' }),
      );
      // A reader during the writes sees a whole version (or, in the first round, nothing), never a torn file.
      const reads = (async () => {
        const seen: Buffer[] = [];
        for (let i = 0; i < 5; i += 1) {
          const object = await storage.get('race/doc.bin').catch(() => null);
          if (object) seen.push((await readAll(object.stream)).bytes);
        }
        return seen;
      })();
      const [seen] = await Promise.all([reads, ...writes]);
      for (const bytes of seen) expect(versions.some((v) => v.equals(bytes))).toBe(true);
      const read = await readAll((await storage.get('race/doc.bin')).stream);
      expect(versions.some((v) => v.equals(read.bytes))).toBe(true);
    }
  });

  it('is what the factory picks when no S3 endpoint is configured', async () => {
    const storage = await createObjectStorage({ localRoot: await freshRoot() });
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    await storage.put('factory/x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect(await storage.exists('factory/x.txt')).toBe(true);
  });

  it('keeps every file inside its root, leaves no temp files, and tidies empty folders on delete', async () => {
    const root = await freshRoot();
    const storage = new LocalDiskStorage({ root });
    await storage.init();
    await storage.put('beneficiaries/kcf-000001/photo.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    await expect(storage.put('x/y.txt', Buffer.from('abc'), { contentType: 'text/plain', size: 9 })).rejects.toThrow();

    expect(await readdir(join(root, 'tmp'))).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['meta', 'objects', 'tmp']);
    expect(await readdir(join(root, 'objects', 'beneficiaries', 'kcf-000001'))).toEqual(['photo.jpg']);

    await storage.delete('beneficiaries/kcf-000001/photo.jpg');
    expect(await readdir(join(root, 'objects'))).toEqual([]);
    expect(await readdir(join(root, 'meta'))).toEqual([]);
  });

  it('removes temp files an interrupted write left behind when it starts, and only old ones', async () => {
    const root = await freshRoot();
    await mkdir(join(root, 'tmp'), { recursive: true });
    await writeFile(join(root, 'tmp', 'crashed.data'), 'half a file');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(root, 'tmp', 'crashed.data'), twoHoursAgo, twoHoursAgo);
    await writeFile(join(root, 'tmp', 'in-progress.data'), 'being written');
    await new LocalDiskStorage({ root }).init();
    expect(await readdir(join(root, 'tmp'))).toEqual(['in-progress.data']);
  });
});

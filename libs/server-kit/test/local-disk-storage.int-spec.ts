jest.setTimeout(60_000);

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createObjectStorage, LocalDiskStorage } from '../src/storage';
import { describeObjectStorageContract } from './object-storage.contract';

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
});

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidObjectKey } from './object-key';
import { assertContentType, checkBufferSize, checkDeclaredSize, CountingLimit } from './object-body';
import {
  DEFAULT_CONTENT_TYPE,
  DEFAULT_MAX_OBJECT_BYTES,
  type ObjectStorage,
  type PutObjectOptions,
  type StoredObject,
  type StoredObjectInfo,
} from './object-storage';
import { ObjectNotFoundError } from './storage-errors';

export interface LocalDiskStorageOptions {
  /** Folder that holds everything this storage writes. */
  root: string;
  /** Largest object accepted (default 64 MiB). */
  maxObjectBytes?: number;
}

/** A temp file this old belongs to no write in progress (a write of the largest object takes far less). */
const STALE_TEMP_FILE_MS = 60 * 60 * 1000;

interface ObjectMeta {
  contentType: string;
}

/**
 * Objects as files under `<root>/objects/<key>`, their content type in `<root>/meta/<key>.json`.
 * A write goes to `<root>/tmp/` first and is renamed into place, so a reader never sees half a file.
 */
export class LocalDiskStorage implements ObjectStorage {
  private readonly root: string;
  private readonly objectsDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;
  private readonly maxObjectBytes: number;

  constructor(options: LocalDiskStorageOptions) {
    this.root = resolve(options.root);
    this.objectsDir = join(this.root, 'objects');
    this.metaDir = join(this.root, 'meta');
    this.tmpDir = join(this.root, 'tmp');
    this.maxObjectBytes = options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES;
  }

  /** Creates the folders and removes temp files that writes interrupted by a crash left behind. */
  async init(): Promise<void> {
    for (const dir of [this.objectsDir, this.metaDir, this.tmpDir]) await mkdir(dir, { recursive: true });
    const staleBefore = Date.now() - STALE_TEMP_FILE_MS;
    for (const name of await readdir(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < staleBefore) await rm(path, { force: true, recursive: true });
    }
  }

  async put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<StoredObjectInfo> {
    assertValidObjectKey(key);
    assertContentType(options.contentType);
    checkDeclaredSize(key, options.size, this.maxObjectBytes);

    const tmpData = join(this.tmpDir, `${randomUUID()}.data`);
    const tmpMeta = join(this.tmpDir, `${randomUUID()}.meta`);
    try {
      if (Buffer.isBuffer(body)) {
        checkBufferSize(key, body, options.size, this.maxObjectBytes);
        await writeFile(tmpData, body, { flag: 'wx' });
      } else {
        const limit = new CountingLimit(key, this.maxObjectBytes, options.size);
        await pipeline(body, limit, createWriteStream(tmpData, { flags: 'wx' }));
      }
      const meta: ObjectMeta = { contentType: options.contentType };
      await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx' });

      await renameInto(tmpData, this.objectPath(key));
      await renameInto(tmpMeta, this.metaPath(key));
      return await this.stat(key);
    } finally {
      await rm(tmpData, { force: true });
      await rm(tmpMeta, { force: true });
    }
  }

  async putStream(
    key: string,
    body: Readable,
    options: Pick<PutObjectOptions, 'contentType'>,
  ): Promise<StoredObjectInfo> {
    assertValidObjectKey(key);
    assertContentType(options.contentType);
    const tmpData = join(this.tmpDir, `${randomUUID()}.data`);
    const tmpMeta = join(this.tmpDir, `${randomUUID()}.meta`);
    try {
      await pipeline(body, createWriteStream(tmpData, { flags: 'wx' }));
      const meta: ObjectMeta = { contentType: options.contentType };
      await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx' });
      await renameInto(tmpData, this.objectPath(key));
      await renameInto(tmpMeta, this.metaPath(key));
      return await this.stat(key);
    } finally {
      await rm(tmpData, { force: true });
      await rm(tmpMeta, { force: true });
    }
  }

  async get(key: string): Promise<StoredObject> {
    assertValidObjectKey(key);
    let handle;
    try {
      handle = await open(this.objectPath(key), 'r');
    } catch (error) {
      throw this.notFoundOr(key, error);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new ObjectNotFoundError(key);
      const contentType = await this.readContentType(key);
      return { stream: handle.createReadStream(), size: info.size, contentType };
    } catch (error) {
      await handle.close();
      throw this.notFoundOr(key, error);
    }
  }

  async stat(key: string): Promise<StoredObjectInfo> {
    assertValidObjectKey(key);
    let info;
    try {
      info = await stat(this.objectPath(key));
    } catch (error) {
      throw this.notFoundOr(key, error);
    }
    if (!info.isFile()) throw new ObjectNotFoundError(key);
    return { key, size: info.size, contentType: await this.readContentType(key), lastModified: new Date(info.mtimeMs) };
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    const dataPath = this.objectPath(key);
    try {
      const info = await stat(dataPath);
      if (!info.isFile()) return;
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await rm(dataPath, { force: true });
    await rm(this.metaPath(key), { force: true });
    await this.removeEmptyParents(dirname(dataPath), this.objectsDir);
    await this.removeEmptyParents(dirname(this.metaPath(key)), this.metaDir);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    // Nothing stays open between calls.
  }

  private objectPath(key: string): string {
    return this.inside(this.objectsDir, key);
  }

  private metaPath(key: string): string {
    return this.inside(this.metaDir, `${key}.json`);
  }

  /** The key was validated already; this is a second lock on the door. */
  private inside(base: string, relative: string): string {
    const full = resolve(base, relative);
    if (!full.startsWith(base + sep)) throw new Error(`Refusing a path outside the storage root: ${relative}`);
    return full;
  }

  private async readContentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Partial<ObjectMeta>;
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      return DEFAULT_CONTENT_TYPE;
    }
  }

  private async removeEmptyParents(dir: string, stopAt: string): Promise<void> {
    let current = dir;
    while (current.startsWith(stopAt + sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = dirname(current);
    }
  }

  private notFoundOr(key: string, error: unknown): unknown {
    return isMissing(error) ? new ObjectNotFoundError(key) : error;
  }
}

/** Renames into a folder that a concurrent delete may be removing at the same moment. */
async function renameInto(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

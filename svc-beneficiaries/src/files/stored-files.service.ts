import { Inject, Injectable, Logger } from '@nestjs/common';
import { OBJECT_STORAGE, UnitOfWork, type ObjectStorage, type StoredObject } from '@kcf/server-kit';

export interface NewObject {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Files through the storage port, in the order that leaves nothing behind: the object is written first,
 * then the row in the request's unit of work; if the unit saves nothing the object is removed. Objects a
 * committed change no longer points at are removed after the commit.
 */
@Injectable()
export class StoredFiles {
  private readonly logger = new Logger('StoredFiles');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly uow: UnitOfWork,
  ) {}

  /** Stores `object` (when given), then runs `record`; removes the object again if the change is not saved. */
  withNewObject<T>(object: NewObject | null, record: () => Promise<T>): Promise<T> {
    return this.withNewObjects(object ? [object] : [], record);
  }

  /**
   * Stores the objects, then runs `record`; removes every one of them again if a put fails or the request's
   * unit of work saves nothing (`record` failed, or the commit did).
   */
  async withNewObjects<T>(objects: NewObject[], record: () => Promise<T>): Promise<T> {
    const stored: string[] = [];
    this.uow.afterRollback(() => this.remove(stored));
    for (const object of objects) {
      await this.storage.put(object.key, object.bytes, { contentType: object.contentType, size: object.bytes.length });
      stored.push(object.key);
    }
    return record();
  }

  /** Removes, once the request's change is saved, objects it no longer points at. */
  removeAfterCommit(keys: (string | null | undefined)[]): void {
    this.uow.afterCommit(() => this.remove(keys));
  }

  /** Removes objects a committed change left unreferenced; a failure is logged, never thrown. */
  async remove(keys: (string | null | undefined)[]): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.error(
          `Could not remove stored file ${key}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  open(key: string): Promise<StoredObject> {
    return this.storage.get(key);
  }

  /**
   * Opens the object, then runs `seen` (the download's audit entry, awaited): the entry is written only for a
   * file that is really sent, and before any of its bytes are. If `seen` fails, the object is closed unsent.
   */
  async openSeen(key: string, seen: () => Promise<void>): Promise<StoredObject> {
    const object = await this.storage.get(key);
    try {
      await seen();
    } catch (error) {
      object.stream.destroy();
      throw error;
    }
    return object;
  }
}

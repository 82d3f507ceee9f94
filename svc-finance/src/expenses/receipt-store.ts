import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { OBJECT_STORAGE, type ObjectStorage, type StoredObject } from '@kcf/server-kit';
import type { CheckedReceipt } from './receipt-file';

/** Receipts in the object storage under `receipts/<expense id>/<random>.<ext>` (keys made here, never from input). */
@Injectable()
export class ReceiptStore {
  private readonly logger = new Logger('Receipts');

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async put(expenseId: string, receipt: CheckedReceipt): Promise<string> {
    const key = `receipts/${expenseId}/${randomUUID()}.${receipt.extension}`;
    await this.storage.put(key, receipt.bytes, { contentType: receipt.contentType, size: receipt.size });
    return key;
  }

  open(key: string): Promise<StoredObject> {
    return this.storage.get(key);
  }

  /** Removes a receipt that no record points at any more; a failure is logged, never shown to the user. */
  async discard(key: string | null | undefined): Promise<void> {
    if (!key) return;
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn(
        `Could not remove the receipt ${key}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

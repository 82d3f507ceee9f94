import { RecordCreatedBy } from '@kcf/contracts';
import { writeToOutbox } from '@kcf/server-kit';
import type { EntityManager } from 'typeorm';

export type FinanceRecordType = 'income' | 'expense' | 'budget';

/**
 * Tells identity that `userId` created a record (or that the record is gone), in the transaction of the change,
 * so that a user who still has records is not deleted.
 */
export async function recordCreatedBy(
  manager: EntityManager,
  recordType: FinanceRecordType,
  recordId: string,
  userId: string | null,
  deleted: boolean,
): Promise<void> {
  if (!userId) return;
  await writeToOutbox(manager, RecordCreatedBy, { domain: 'finance', recordType, recordId, userId, deleted });
}

import { RecordCreatedBy } from '@kcf/contracts';
import { pending, type PendingEvent } from '@kcf/server-kit';

export type FinanceRecordType = 'income' | 'expense' | 'budget';

/**
 * Tells identity that `userId` created a record (or that the record is gone), recorded with the change, so that
 * a user who still has records is not deleted. None for a record without a creator.
 */
export function createdByEvents(
  recordType: FinanceRecordType,
  recordId: string,
  userId: string | null,
  deleted: boolean,
): PendingEvent[] {
  return userId ? [pending(RecordCreatedBy, { domain: 'finance', recordType, recordId, userId, deleted })] : [];
}

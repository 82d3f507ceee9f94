import { RecordCreatedBy } from '@kcf/contracts';
import { writeToOutbox } from '@kcf/server-kit';
import type { EntityManager } from 'typeorm';

/** The kinds of record this service tells identity about (`records.created-by`). */
export type RecordType =
  | 'beneficiary'
  | 'household_member'
  | 'school_performance'
  | 'school_fee'
  | 'document'
  | 'special_need'
  | 'gift';

export interface RecordFact {
  recordType: RecordType;
  recordId: string;
  createdBy: string | null;
}

/**
 * "User X created record Y" (or "record Y is gone"), written to the outbox in the caller's transaction,
 * so that identity can refuse to delete a user who still has records. Records without a creator are skipped.
 */
export async function writeRecordFacts(manager: EntityManager, facts: RecordFact[], deleted: boolean): Promise<void> {
  for (const fact of facts) {
    if (!fact.createdBy) continue;
    await writeToOutbox(manager, RecordCreatedBy, {
      domain: 'beneficiaries',
      recordType: fact.recordType,
      recordId: fact.recordId,
      userId: fact.createdBy,
      deleted,
    });
  }
}

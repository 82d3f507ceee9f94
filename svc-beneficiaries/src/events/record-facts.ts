import { RecordCreatedBy } from '@kcf/contracts';
import type { EntityManager } from 'typeorm';
import { pending, writeManyToOutbox, type PendingEvent } from './outbox-batch';

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

/** The `records.created-by` events of these records; records without a creator are left out. */
export function recordFactEvents(facts: RecordFact[], deleted: boolean): PendingEvent[] {
  return facts
    .filter((fact) => fact.createdBy)
    .map((fact) =>
      pending(RecordCreatedBy, {
        domain: 'beneficiaries',
        recordType: fact.recordType,
        recordId: fact.recordId,
        userId: fact.createdBy!,
        deleted,
      }),
    );
}

/**
 * "User X created record Y" (or "record Y is gone"), written to the outbox in the caller's transaction,
 * so that identity can refuse to delete a user who still has records.
 */
export async function writeRecordFacts(manager: EntityManager, facts: RecordFact[], deleted: boolean): Promise<void> {
  await writeManyToOutbox(manager, recordFactEvents(facts, deleted));
}

import { RecordCreatedBy } from '@kcf/contracts';
import { pending, type Events, type PendingEvent } from '@kcf/server-kit';

/** The kinds of record this service tells identity about (`records.created-by`). */
export type RecordType =
  'beneficiary' | 'household_member' | 'school_performance' | 'school_fee' | 'document' | 'special_need' | 'gift';

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
 * "User X created record Y" (or "record Y is gone"), recorded in the request's unit of work, so that
 * identity can refuse to delete a user who still has records.
 */
export async function recordFacts(events: Events, facts: RecordFact[], deleted: boolean): Promise<void> {
  await events.recordMany(recordFactEvents(facts, deleted));
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RecordCreatedBy, type EventEnvelope } from '@kcf/contracts';
import type { EventConsumer } from '@kcf/server-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Learns from the other domains who created which record (`records.created-by`), so that a user who
 * still has records is not deleted. One row per record: "created" adds it, "deleted" marks it gone.
 * The messaging module runs this once per event id; keeping rows per record (not a bare counter) also
 * makes a repeated or late "created" harmless, and a "deleted" that overtakes its "created" still wins.
 */
@Injectable()
export class CreatedRecordsConsumer implements EventConsumer {
  readonly name = 'created-records';
  readonly subjects = [RecordCreatedBy.subject];

  async handle(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
    const { payload } = RecordCreatedBy.envelope.parse(envelope);
    const key = [payload.domain, payload.recordType, payload.recordId];
    if (payload.deleted) {
      await manager.query(
        `INSERT INTO user_records (domain, record_type, record_id, user_id, deleted, updated_at) VALUES ($1, $2, $3, $4, true, now())
         ON CONFLICT (domain, record_type, record_id) DO UPDATE SET deleted = true, updated_at = now()`,
        [...key, payload.userId],
      );
      return;
    }
    // Waits for a deletion of this user that is deciding right now (it holds the user row), so a
    // record cannot slip in between its check and its commit.
    if (UUID.test(payload.userId)) await manager.query('SELECT 1 FROM users WHERE id = $1 FOR SHARE', [payload.userId]);
    await manager.query(
      `INSERT INTO user_records (domain, record_type, record_id, user_id, deleted, updated_at) VALUES ($1, $2, $3, $4, false, now())
       ON CONFLICT (domain, record_type, record_id) DO NOTHING`,
      key.concat(payload.userId),
    );
  }
}

/** How many records of other domains the user created and that still exist. */
export async function countLiveRecords(manager: EntityManager, userId: string): Promise<number> {
  const [{ n }]: { n: number }[] = await manager.query(
    'SELECT count(*)::int AS n FROM user_records WHERE user_id = $1 AND NOT deleted',
    [userId],
  );
  return n;
}

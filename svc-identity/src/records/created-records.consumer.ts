import { Inject, Injectable } from '@nestjs/common';
import { RecordCreatedBy, type EventEnvelope } from '@kcf/contracts';
import { CLOCK, type Clock, type EventConsumer } from '@kcf/server-kit';
import { UUID_PATTERN } from '../users/user-id.pipe';
import { UsersRepository } from '../users/users.repository';
import { UserRecordsRepository } from './user-records.repository';

/**
 * Learns from the other domains who created which record (`records.created-by`), so that a user who
 * still has records is not deleted. One row per record: "created" adds it, "deleted" marks it gone.
 * The messaging module runs this once per event id, in a unit of work of its own; keeping rows per record
 * (not a bare counter) also makes a repeated or late "created" harmless, and a "deleted" that overtakes
 * its "created" still wins.
 */
@Injectable()
export class CreatedRecordsConsumer implements EventConsumer {
  readonly name = 'created-records';
  readonly subjects = [RecordCreatedBy.subject];

  constructor(
    private readonly records: UserRecordsRepository,
    private readonly users: UsersRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const { payload } = RecordCreatedBy.envelope.parse(envelope);
    if (payload.deleted) {
      await this.records.markDeleted(payload, this.clock.now());
      return;
    }
    // Waits for a deletion of this user that is deciding right now (it holds the user row), so a
    // record cannot slip in between its check and its commit.
    if (UUID_PATTERN.test(payload.userId)) await this.users.holdForShare(payload.userId);
    await this.records.addCreated(payload, this.clock.now());
  }
}

import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/**
 * An event written in the same transaction as the change it describes, waiting for the relay
 * to publish it. `seq` keeps the order of writing; `sent_at` is set once the bus has the event.
 */
@Entity({ name: 'outbox' })
@Index('outbox_unsent_idx', ['seq'], { where: 'sent_at IS NULL' })
export class OutboxEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** Where the event came from (`requestId`: the request that caused it). */
  @Column({ type: 'jsonb', nullable: true })
  metadata!: { requestId?: string } | null;

  /** The payload schema's version (`major.minor`); null on rows from before versions, read as 1.0. */
  @Column({ name: 'schema_version', type: 'varchar', length: 16, nullable: true })
  schemaVersion!: string | null;

  /** Publish attempts so far (a successful one included). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per (consumer, event) a consumer has handled: a redelivered event finds its row and is skipped. */
@Entity({ name: 'processed_events' })
export class ProcessedEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  consumer!: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt!: Date;
}

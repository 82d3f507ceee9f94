import type { EventEnvelope } from '@kcf/contracts';
import type { EventBus, EventSubscription } from './event-bus';
import type { Database } from '../unit-of-work/database';

/**
 * Runs `handler` for an event at most once per consumer: one unit of work of its own (the service's
 * UnitOfWork, through `db`) inserts (consumer, event id) into `processed_events` and runs the handler, whose
 * repositories' writes join the same transaction; a lost connection runs it again. If the row is already
 * there (a redelivery, or the same event arriving twice at once) nothing runs. A throwing handler rolls both
 * back, so the event is handled again on its next delivery.
 * Resolves to true when the handler ran, false when the event had been handled already.
 */
export async function runIdempotentHandler(
  db: Database,
  consumerName: string,
  envelope: Pick<EventEnvelope, 'id'>,
  handler: () => Promise<void>,
): Promise<boolean> {
  return db.unit.transaction(async () => {
    const inserted = await db.write.exec(
      `INSERT INTO "processed_events" ("consumer", "event_id", "processed_at") VALUES ($1, $2, now())
       ON CONFLICT DO NOTHING`,
      [consumerName, envelope.id],
    );
    if (inserted === 0) return false;
    await handler();
    return true;
  });
}

/**
 * Subscribes a consumer whose every event is handled through `runIdempotentHandler`, under the same
 * consumer name on the bus and in `processed_events`.
 */
export function subscribeIdempotent(
  bus: EventBus,
  db: Database,
  consumerName: string,
  subjects: string[],
  handler: (envelope: EventEnvelope) => Promise<void>,
): Promise<EventSubscription> {
  return bus.subscribe(consumerName, subjects, async (envelope) => {
    await runIdempotentHandler(db, consumerName, envelope, () => handler(envelope));
  });
}

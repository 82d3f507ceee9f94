import type { EventEnvelope } from '@kcf/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventBus, EventSubscription } from '../events/event-bus';
import { UnitOfWork } from '../unit-of-work/unit-of-work';

/**
 * Runs `handler` for an event at most once per consumer: one transaction inserts
 * (consumer, event id) into `processed_events` and runs the handler. If the row is already there
 * (a redelivery, or the same event arriving twice at once) nothing runs. A throwing handler rolls
 * both back, so the event is handled again on its next delivery.
 * Resolves to true when the handler ran, false when the event had been handled already.
 */
export async function runIdempotentHandler(
  on: DataSource | UnitOfWork,
  consumerName: string,
  envelope: Pick<EventEnvelope, 'id'>,
  handler: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  // With the service's UnitOfWork the handler runs in a unit of work of its own: its repositories' writes
  // join the transaction, and a lost connection runs it again.
  const transaction = <T>(work: (manager: EntityManager) => Promise<T>) => (on instanceof UnitOfWork ? on.transaction(work) : on.transaction(work));
  return transaction(async (manager) => {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "processed_events" ("consumer", "event_id", "processed_at") VALUES ($1, $2, now())
       ON CONFLICT DO NOTHING RETURNING "event_id"`,
      [consumerName, envelope.id],
    );
    if (inserted.length === 0) return false;
    await handler(manager);
    return true;
  });
}

/**
 * Subscribes a consumer whose every event is handled through `runIdempotentHandler`, under the same
 * consumer name on the bus and in `processed_events`.
 */
export function subscribeIdempotent(
  bus: EventBus,
  dataSource: DataSource | UnitOfWork,
  consumerName: string,
  subjects: string[],
  handler: (envelope: EventEnvelope, manager: EntityManager) => Promise<void>,
): Promise<EventSubscription> {
  return bus.subscribe(consumerName, subjects, async (envelope) => {
    await runIdempotentHandler(dataSource, consumerName, envelope, (manager) => handler(envelope, manager));
  });
}

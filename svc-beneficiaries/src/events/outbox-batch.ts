import { randomUUID } from 'node:crypto';
import { createEvent, type EventDefinition, type EventPayload } from '@kcf/contracts';
import { OutboxTransactionRequiredError } from '@kcf/server-kit';
import type { EntityManager } from 'typeorm';

export interface PendingEvent<D extends EventDefinition = EventDefinition> {
  definition: D;
  payload: EventPayload<D>;
}

export function pending<D extends EventDefinition>(definition: D, payload: EventPayload<D>): PendingEvent {
  return { definition, payload } as PendingEvent;
}

/**
 * `writeToOutbox` for many events in one statement: the same table, the same validated envelopes, in the
 * caller's transaction. An import or a child's deletion writes hundreds of facts; one INSERT each would
 * make the transaction as slow as hundreds of round trips.
 */
export async function writeManyToOutbox(manager: EntityManager, events: PendingEvent[]): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) throw new OutboxTransactionRequiredError();
  if (events.length === 0) return;
  const occurredAt = new Date();
  const envelopes = events.map((event) =>
    createEvent(event.definition, JSON.parse(JSON.stringify(event.payload)) as never, { id: randomUUID(), occurredAt }),
  );
  await manager.query(
    `INSERT INTO "outbox" ("id", "subject", "payload", "occurred_at")
     SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::jsonb[], $4::timestamptz[])`,
    [
      envelopes.map((e) => e.id),
      envelopes.map((e) => e.subject),
      envelopes.map((e) => JSON.stringify(e.payload)),
      envelopes.map((e) => e.occurredAt),
    ],
  );
}

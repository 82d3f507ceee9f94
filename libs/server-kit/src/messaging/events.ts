import { randomUUID } from 'node:crypto';
import { createEvent, type EventDefinition, type EventEnvelope, type EventOf, type EventPayload } from '@kcf/contracts';
import type { Clock } from '../clock/clock';
import { currentRequestId } from '../observability/log-context';
import type { Sql } from '../database/sql';
import type { Database } from '../unit-of-work/database';

/** An event to record: its definition (subject and payload schema) and payload. */
export interface PendingEvent<D extends EventDefinition = EventDefinition> {
  definition: D;
  payload: EventPayload<D>;
}

export function pending<D extends EventDefinition>(definition: D, payload: EventPayload<D>): PendingEvent {
  return { definition, payload } as PendingEvent;
}

/**
 * Writes events to the `outbox` table on `sql` (a unit of work's transaction): the one place an event is
 * recorded. Payloads are validated by their definitions; many events go in one statement (an import or a
 * child's deletion records hundreds). The OutboxRelay publishes them once the transaction has committed;
 * if it rolls back, they never existed. `occurredAt` is the events' time (the service's Clock). Returns the
 * envelopes as consumers will read them. Each carries the id of the request being handled (or of the one
 * that caused the event being handled) in its metadata, so its consumers' log lines name that request.
 */
export async function insertOutboxEvents(sql: Sql, events: PendingEvent[], occurredAt: Date): Promise<EventEnvelope[]> {
  const requestId = currentRequestId();
  // What the consumer will read back from JSON, so the returned envelope equals the delivered one.
  const envelopes = events.map((event) => {
    const envelope: EventEnvelope = createEvent(
      event.definition,
      JSON.parse(JSON.stringify(event.payload ?? null)) as never,
      { id: randomUUID(), occurredAt },
    );
    return requestId ? { ...envelope, metadata: { requestId } } : envelope;
  });
  await insertEnvelopes(sql, envelopes);
  return envelopes;
}

/** The one statement that writes to the `outbox` table: envelopes already made and checked. */
export async function insertEnvelopes(sql: Sql, envelopes: EventEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  await sql.exec(
    `INSERT INTO "outbox" ("id", "subject", "payload", "occurred_at", "metadata", "schema_version")
     SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::jsonb[], $4::timestamptz[], $5::jsonb[], $6::varchar[])`,
    [
      envelopes.map((e) => e.id),
      envelopes.map((e) => e.subject),
      envelopes.map((e) => JSON.stringify(e.payload)),
      envelopes.map((e) => e.occurredAt),
      envelopes.map((e) => (e.metadata ? JSON.stringify(e.metadata) : null)),
      envelopes.map((e) => e.schemaVersion ?? null),
    ],
  );
}

/** A service's events, recorded in the current unit of work at the Clock's time (see insertOutboxEvents). */
export class Events {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async record<D extends EventDefinition>(definition: D, payload: EventPayload<D>): Promise<EventOf<D>> {
    const [envelope] = await insertOutboxEvents(this.db.write, [pending(definition, payload)], this.clock.now());
    return envelope as EventOf<D>;
  }

  async recordMany(events: PendingEvent[]): Promise<void> {
    await insertOutboxEvents(this.db.write, events, this.clock.now());
  }
}

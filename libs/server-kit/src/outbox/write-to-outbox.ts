import { randomUUID } from 'node:crypto';
import { createEvent, type EventDefinition, type EventEnvelope, type EventOf, type EventPayload } from '@kcf/contracts';
import type { EntityManager } from 'typeorm';
import { checkEnvelope } from '../events/event-names';

/** Thrown when `writeToOutbox` is called outside a transaction: the event could outlive a rolled-back change. */
export class OutboxTransactionRequiredError extends Error {
  readonly code = 'OUTBOX_TRANSACTION_REQUIRED';
  constructor() {
    super('writeToOutbox must be called with the EntityManager of a running transaction');
    this.name = 'OutboxTransactionRequiredError';
  }
}

/**
 * Records an event in the service's `outbox` table, inside the caller's transaction, and returns its
 * envelope. The event is published by the `OutboxRelay` once the transaction commits; if it rolls back,
 * the event never existed. With an event definition from `@kcf/contracts` the payload is validated.
 */
export async function writeToOutbox<D extends EventDefinition>(manager: EntityManager, event: D, payload: EventPayload<D>): Promise<EventOf<D>>;
export async function writeToOutbox(manager: EntityManager, subject: string, payload: unknown): Promise<EventEnvelope>;
export async function writeToOutbox(manager: EntityManager, event: string | EventDefinition, payload: unknown): Promise<EventEnvelope> {
  if (!manager.queryRunner?.isTransactionActive) throw new OutboxTransactionRequiredError();
  const id = randomUUID();
  const occurredAt = new Date();
  // What the consumer will read back from JSON, so the returned envelope equals the delivered one.
  const plainPayload: unknown = payload === undefined ? null : JSON.parse(JSON.stringify(payload));
  const envelope =
    typeof event === 'string'
      ? checkEnvelope({ id, subject: event, occurredAt: occurredAt.toISOString(), payload: plainPayload })
      : createEvent(event, plainPayload as never, { id, occurredAt });
  await manager.query(`INSERT INTO "outbox" ("id", "subject", "payload", "occurred_at") VALUES ($1, $2, $3::jsonb, $4)`, [
    envelope.id,
    envelope.subject,
    JSON.stringify(envelope.payload),
    envelope.occurredAt,
  ]);
  return envelope;
}

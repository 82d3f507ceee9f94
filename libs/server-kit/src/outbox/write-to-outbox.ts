import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope, EventOf, EventPayload } from '@kcf/contracts';
import { sqlOver, type Queryable } from '../database/sql';
import { insertEnvelopes, insertOutboxEvents, pending } from './events';
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
  const sql = sqlOver(async () => (await manager.queryRunner!.connect()) as Queryable);
  if (typeof event !== 'string') return (await insertOutboxEvents(sql, [pending(event, payload as never)]))[0];
  const id = randomUUID();
  const plainPayload: unknown = payload === undefined ? null : JSON.parse(JSON.stringify(payload));
  const envelope = checkEnvelope({ id, subject: event, occurredAt: new Date().toISOString(), payload: plainPayload });
  await insertEnvelopes(sql, [envelope]);
  return envelope;
}

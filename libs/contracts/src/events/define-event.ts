import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import type { TypedEventEnvelope } from './envelope';

/** One event kind: its subject and the schema of its payload, shared by publisher and consumer. */
export interface EventDefinition<S extends string = string, P extends z.ZodType = z.ZodType> {
  readonly subject: S;
  readonly payload: P;
  /** Validates a whole envelope of this kind. */
  readonly envelope: z.ZodType<TypedEventEnvelope<S, z.output<P>>>;
}

export function defineEvent<const S extends string, P extends z.ZodType>(subject: S, payload: P): EventDefinition<S, P> {
  const envelope = z.object({
    id: z.uuid(),
    subject: z.literal(subject),
    occurredAt: IsoTimestamp,
    payload,
  }) as unknown as z.ZodType<TypedEventEnvelope<S, z.output<P>>>;
  return { subject, payload, envelope };
}

export type EventPayload<D extends EventDefinition> = z.output<D['payload']>;
export type EventOf<D extends EventDefinition> = TypedEventEnvelope<D['subject'], EventPayload<D>>;

export interface EnvelopeOptions {
  /** A UUID; the outbox row's id. */
  id: string;
  /** When the change happened. */
  occurredAt: Date;
}

/** Builds a validated envelope (throws if the payload does not match its definition). */
export function createEvent<D extends EventDefinition>(
  definition: D,
  payload: EventPayload<D>,
  { id, occurredAt }: EnvelopeOptions,
): EventOf<D> {
  return definition.envelope.parse({
    id,
    subject: definition.subject,
    occurredAt: occurredAt.toISOString(),
    payload,
  }) as EventOf<D>;
}

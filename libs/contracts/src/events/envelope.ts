import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';

/**
 * Every event on the bus. `id` is the de-duplication key (JetStream message id) and what consumers
 * remember having processed.
 */
export const EventEnvelope = z.object({
  id: z.uuid(),
  subject: z.string().min(1),
  occurredAt: IsoTimestamp,
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

/** An envelope whose subject and payload are known. */
export interface TypedEventEnvelope<S extends string, P> {
  id: string;
  subject: S;
  occurredAt: string;
  payload: P;
}

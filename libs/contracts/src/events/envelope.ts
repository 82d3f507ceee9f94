import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import { ContractVersion } from '../common/contract-version';

/**
 * Every event on the bus. `id` is the de-duplication key (JetStream message id) and what consumers
 * remember having processed.
 */
export const EventEnvelope = z.object({
  id: z.uuid(),
  subject: z.string().min(1),
  occurredAt: IsoTimestamp,
  payload: z.unknown(),
  /** The version of the payload's schema (`major.minor`); absent on events written before versions: 1.0. */
  schemaVersion: ContractVersion.optional(),
  /** Where the event came from: the id of the request that caused it (its consumers' log lines carry it). */
  metadata: z.object({ requestId: z.string().max(64).optional() }).optional(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

/** An envelope whose subject and payload are known. */
export interface TypedEventEnvelope<S extends string, P> {
  id: string;
  subject: S;
  occurredAt: string;
  payload: P;
  schemaVersion?: string;
  metadata?: { requestId?: string };
}

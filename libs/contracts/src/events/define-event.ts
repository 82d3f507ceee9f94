import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import { ContractVersion, FIRST_CONTRACT_VERSION, readsVersion } from '../common/contract-version';
import type { TypedEventEnvelope } from './envelope';

/** One event kind: its subject and the schema of its payload, shared by publisher and consumer. */
export interface EventDefinition<S extends string = string, P extends z.ZodType = z.ZodType> {
  readonly subject: S;
  readonly payload: P;
  /**
   * The payload schema's version, `major.minor`, written into every envelope (`schemaVersion`). Adding an
   * optional field is the next minor; anything else (a field removed, renamed, retyped or made required) is
   * the next major. A reader accepts every minor of its own major (ARCHITECTURE.md, Contracts between versions).
   */
  readonly version: ContractVersion;
  /** Validates a whole envelope of this kind (any minor of `version`'s major; no version counts as 1.0). */
  readonly envelope: z.ZodType<TypedEventEnvelope<S, z.output<P>>>;
}

export interface EventOptions {
  /** The payload schema's version; 1.0 when not given. */
  version?: ContractVersion;
}

export function defineEvent<const S extends string, P extends z.ZodType>(
  subject: S,
  payload: P,
  options: EventOptions = {},
): EventDefinition<S, P> {
  const version = options.version ?? FIRST_CONTRACT_VERSION;
  const envelope = z.object({
    id: z.uuid(),
    subject: z.literal(subject),
    occurredAt: IsoTimestamp,
    payload,
    schemaVersion: ContractVersion.optional().refine((written) => readsVersion(version, written), {
      error: `Another major version than ${version} of ${subject}`,
    }),
  }) as unknown as z.ZodType<TypedEventEnvelope<S, z.output<P>>>;
  return { subject, payload, version, envelope };
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
    schemaVersion: definition.version,
  }) as EventOf<D>;
}

import type { EventDefinition, EventOf } from './define-event';
import { EventEnvelope } from './envelope';
import { BeneficiaryCreated, BeneficiaryDeleted, BeneficiaryUpdated } from './beneficiary-events';
import { ExpenseCreated, ExpenseDeleted, ExpenseUpdated, IncomeCreated, IncomeDeleted } from './finance-events';
import { RecordCreatedBy } from './records-events';
import { BeneficiariesErasureDone, ErasureRequested, FinanceErasureDone, IdentityErasureDone } from './erasure-events';

export * from './envelope';
export * from './define-event';
export * from './event-version';
export * from './finance-events';
export * from './beneficiary-events';
export * from './records-events';
export * from './erasure-events';

/** Every event the product publishes. */
export const ALL_EVENTS = [
  ExpenseCreated,
  ExpenseUpdated,
  ExpenseDeleted,
  IncomeCreated,
  IncomeDeleted,
  BeneficiaryCreated,
  BeneficiaryUpdated,
  BeneficiaryDeleted,
  RecordCreatedBy,
  ErasureRequested,
  BeneficiariesErasureDone,
  FinanceErasureDone,
  IdentityErasureDone,
] as const;

export type AnyEventDefinition = (typeof ALL_EVENTS)[number];
export type EventSubject = AnyEventDefinition['subject'];
/** Any known event, discriminated by `subject`. */
export type KnownEvent = { [D in AnyEventDefinition as D['subject']]: EventOf<D> }[EventSubject];

export const EVENTS_BY_SUBJECT: ReadonlyMap<string, EventDefinition> = new Map(
  ALL_EVENTS.map((definition) => [definition.subject, definition as EventDefinition]),
);

/**
 * Reads an envelope off the bus: validates it against its subject's definition.
 * Throws (a ZodError, or an Error for an unknown subject) when it does not match.
 */
export function parseKnownEvent(raw: unknown): KnownEvent {
  const envelope = EventEnvelope.parse(raw);
  const definition = EVENTS_BY_SUBJECT.get(envelope.subject);
  if (!definition) throw new Error(`Unknown event subject: ${envelope.subject}`);
  return definition.envelope.parse(envelope) as KnownEvent;
}

import { EVENTS_BY_SUBJECT, readsEvent, type EventEnvelope } from '@kcf/contracts';
import { unreadableVersion } from './event-payload';

/**
 * Whether this service's consumers may handle the event: true unless it is a known event of another major
 * than the definition this service was built with, which is logged (its subject, id and version, never its
 * payload) and acknowledged without running the consumer, as a malformed event is.
 */
export function readableHere(envelope: EventEnvelope, logger: { warn(message: string): void }): boolean {
  const definition = EVENTS_BY_SUBJECT.get(envelope.subject);
  if (!definition || readsEvent(definition, envelope)) return true;
  logger.warn(unreadableVersion(definition, envelope));
  return false;
}

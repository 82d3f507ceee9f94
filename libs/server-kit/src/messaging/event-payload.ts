import type { Logger } from '@nestjs/common';
import { readsEvent, versionOfEvent, type EventDefinition, type EventEnvelope } from '@kcf/contracts';
import type { z } from 'zod';

/**
 * A consumer's event read with its definition's schema: the payload, or null (logged as a warning) for an
 * envelope that does not match, which the consumer then ignores: a redelivery would not mend it. Any minor of
 * the definition's major is read (fields this service does not know are dropped, missing optional ones
 * defaulted); another major is logged and ignored the same way. The log line names the event, never its payload.
 */
export function payloadOf<S extends string, P extends z.ZodType>(
  definition: EventDefinition<S, P>,
  envelope: EventEnvelope,
  logger: Logger,
): z.output<P> | null {
  if (!readsEvent(definition, envelope)) {
    logger.warn(unreadableVersion(definition, envelope));
    return null;
  }
  const parsed = definition.envelope.safeParse(envelope);
  if (parsed.success) return parsed.data.payload;
  logger.warn(`Ignored a malformed ${envelope.subject} event ${envelope.id}`);
  return null;
}

/** The warning for an event of another major than this service reads. */
export function unreadableVersion(
  definition: Pick<EventDefinition, 'version'>,
  envelope: Pick<EventEnvelope, 'subject' | 'id' | 'schemaVersion'>,
): string {
  return `Ignored ${envelope.subject} event ${envelope.id} of version ${versionOfEvent(envelope)}: this service reads ${definition.version.split('.')[0]}.x`;
}

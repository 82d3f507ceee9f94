import type { Logger } from '@nestjs/common';
import type { EventDefinition, EventEnvelope } from '@kcf/contracts';
import type { z } from 'zod';

/**
 * A consumer's event read with its definition's schema: the payload, or null (logged as a warning) for an
 * envelope that does not match, which the consumer then ignores: a redelivery would not mend it.
 */
export function payloadOf<S extends string, P extends z.ZodType>(definition: EventDefinition<S, P>, envelope: EventEnvelope, logger: Logger): z.output<P> | null {
  const parsed = definition.envelope.safeParse(envelope);
  if (parsed.success) return parsed.data.payload;
  logger.warn(`Ignored a malformed ${envelope.subject} event ${envelope.id}`);
  return null;
}

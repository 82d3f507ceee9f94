import type { Logger } from '@nestjs/common';
import type { EventEnvelope } from '@kcf/contracts';
import type { EventHandler } from '../messaging/event-bus';
import { runWithLogContext } from './log-context';
import { processMetrics } from './metrics';

export interface ObservedConsumer {
  /** The `service` label and log field. */
  service: string;
  /** The durable consumer's name. */
  consumer: string;
  logger: Logger;
}

/**
 * A consumer's handler that runs in the log context of the request that caused the event (its envelope's
 * metadata), so every line the handler writes carries that request id; a redelivery is counted in
 * `kcf_consumer_redeliveries_total`, and each handled event is logged (level info) with its duration.
 * `handle` resolves to false when the event had been handled before (nothing ran).
 */
export function observedHandler(
  observed: ObservedConsumer,
  handle: (envelope: EventEnvelope) => Promise<boolean>,
): EventHandler {
  const metrics = processMetrics();
  return (envelope, delivery) => {
    if (delivery.count > 1) metrics.redeliveries.inc({ service: observed.service, consumer: observed.consumer });
    const context = { service: observed.service, requestId: envelope.metadata?.requestId, consumer: observed.consumer };
    return runWithLogContext(context, async () => {
      const started = performance.now();
      const ran = await handle(envelope);
      observed.logger.log({
        msg: ran ? 'event handled' : 'event already handled',
        subject: envelope.subject,
        eventId: envelope.id,
        delivery: delivery.count,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    });
  };
}

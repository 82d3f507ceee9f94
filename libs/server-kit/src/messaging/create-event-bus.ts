import type { EventBus, EventBusLogger } from './event-bus';
import { InProcessEventBus } from './in-process-event-bus';
import { JetStreamEventBus, type JetStreamEventBusOptions } from './jetstream-event-bus';

export interface EventBusConfig extends Partial<Omit<JetStreamEventBusOptions, 'servers'>> {
  /** NATS server URL(s); absent: events stay inside this process. */
  natsUrl?: string | string[];
  /**
   * The in-process bus to use when no NATS URL is configured. In the embedded mode all services share
   * one, so that an event published by one service reaches the others; absent, a new one is made.
   */
  inProcessBus?: InProcessEventBus;
  logger?: EventBusLogger;
}

/** Picks JetStream when a NATS URL is configured, else the in-process bus. */
export async function createEventBus(config: EventBusConfig): Promise<EventBus> {
  const { natsUrl, inProcessBus, ...options } = config;
  const hasNats = Array.isArray(natsUrl) ? natsUrl.length > 0 : Boolean(natsUrl);
  if (hasNats && natsUrl) return JetStreamEventBus.connect({ ...options, servers: natsUrl });
  return (
    inProcessBus ??
    new InProcessEventBus({
      duplicateWindowMs: options.duplicateWindowMs,
      retryDelayMs: options.retryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs,
      logger: options.logger,
    })
  );
}

import type { EventEnvelope } from '@kcf/contracts';

/** How many times this event has been delivered to this consumer (1 the first time). */
export interface Delivery {
  count: number;
}

/** Handles one delivered event. Resolving acknowledges it; throwing has it delivered again later. */
export type EventHandler = (envelope: EventEnvelope, delivery: Delivery) => Promise<void>;

/** Where one durable consumer stands, for its lag metrics. */
export interface ConsumerState {
  consumer: string;
  filter: string;
  /** Events not yet delivered to it. */
  pending: number;
  /** Delivered, not yet acknowledged. */
  ackPending: number;
  /** Delivered more than once and not yet acknowledged. */
  redelivered: number;
}

export interface PublishResult {
  /** The bus had already taken an event with this id within its de-duplication window and dropped this one. */
  duplicate: boolean;
}

export interface EventSubscription {
  /** Stops taking new deliveries and waits for the handler that is running, if any. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Events between services. Delivery is at least once: consumers must be idempotent
 * (`runIdempotentHandler`). Adapters: `JetStreamEventBus` (NATS) and `InProcessEventBus` (embedded).
 */
export interface EventBus {
  /**
   * Hands the event to the bus; resolves once the bus holds it safely. The envelope's id is its
   * de-duplication key: a second publish with the same id within the window is dropped.
   */
  publish(envelope: EventEnvelope): Promise<PublishResult>;
  /**
   * Delivers every event whose subject matches one of `subjects` (NATS wildcards `*` and a final `>`)
   * to `handler`, one at a time per subject. `consumerName` is durable: events published while no
   * subscription of that name runs are delivered when one starts again, including events published
   * before the name was first used that the bus still keeps.
   */
  subscribe(consumerName: string, subjects: string[], handler: EventHandler): Promise<EventSubscription>;
  /** Stops every subscription and lets go of connections and timers. The bus is not used afterwards. */
  close(): Promise<void>;
  /** Where the running subscriptions of these consumer names stand (read when metrics are scraped). */
  consumerStates(consumerNames: string[]): Promise<ConsumerState[]>;
}

/** Where a bus reports what it cannot hand back to a caller (a handler failure, a malformed message). */
export interface EventBusLogger {
  warn(message: string): void;
  error(message: string): void;
}

export const consoleEventBusLogger: EventBusLogger = {
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/** Thrown by `publish` or `subscribe` after `close()`. */
export class EventBusClosedError extends Error {
  readonly code = 'EVENT_BUS_CLOSED';
  constructor() {
    super('The event bus is closed');
    this.name = 'EventBusClosedError';
  }
}

import type { EventEnvelope } from '@kcf/contracts';
import {
  consoleEventBusLogger,
  EventBusClosedError,
  type EventBus,
  type ConsumerState,
  type EventBusLogger,
  type EventHandler,
  type EventSubscription,
  type PublishResult,
} from './event-bus';
import { checkEnvelope, checkSubscription, retryDelay, subjectMatches } from './event-names';

export interface InProcessEventBusOptions {
  /** A second event with an id seen within this window is dropped (default 2 minutes, as JetStream). */
  duplicateWindowMs?: number;
  /** First redelivery delay after a handler fails; doubles on each failure (default 1 s). */
  retryDelayMs?: number;
  /** Longest redelivery delay (default 60 s). */
  maxRetryDelayMs?: number;
  /** Events kept for consumers that start later, and most events waiting for one consumer (default 10 000). */
  maxRetainedEvents?: number;
  logger?: EventBusLogger;
}

interface Pending {
  envelope: EventEnvelope;
  deliveries: number;
  notBefore: number;
}

/** One durable (consumer, subject filter) pair: what it still has to handle, and who handles it now. */
interface Durable {
  name: string;
  filter: string;
  queue: Pending[];
  handler: EventHandler | null;
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The event bus of the one-process embedded mode, with JetStream's semantics in memory: durable
 * consumers per (name, subject filter), delivery of retained events to a consumer that starts later,
 * de-duplication by event id within a window, and redelivery with a growing delay when a handler throws.
 * `publish` resolves once every durable consumer's queue holds the event. Nothing survives a restart of
 * the process: events published but not yet handled are lost with it.
 */
export class InProcessEventBus implements EventBus {
  private readonly duplicateWindowMs: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly maxRetained: number;
  private readonly logger: EventBusLogger;
  private readonly seenIds = new Map<string, number>();
  private readonly retained: EventEnvelope[] = [];
  private readonly durables = new Map<string, Durable>();
  private closed = false;

  constructor(options: InProcessEventBusOptions = {}) {
    this.duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
    this.retryDelayMs = options.retryDelayMs ?? 1_000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.maxRetained = options.maxRetainedEvents ?? 10_000;
    this.logger = options.logger ?? consoleEventBusLogger;
  }

  async publish(envelope: EventEnvelope): Promise<PublishResult> {
    if (this.closed) throw new EventBusClosedError();
    const event = structuredClone(checkEnvelope(envelope));
    const now = Date.now();
    this.forgetExpiredIds(now);
    if (this.seenIds.has(event.id)) return { duplicate: true };
    this.seenIds.set(event.id, now + this.duplicateWindowMs);

    this.retained.push(event);
    if (this.retained.length > this.maxRetained) this.retained.shift();
    for (const durable of this.durables.values()) {
      if (subjectMatches(durable.filter, event.subject)) this.enqueue(durable, event);
    }
    return { duplicate: false };
  }

  async subscribe(consumerName: string, subjects: string[], handler: EventHandler): Promise<EventSubscription> {
    if (this.closed) throw new EventBusClosedError();
    const filters = checkSubscription(consumerName, subjects);
    const durables = filters.map((filter) => this.durableFor(consumerName, filter));
    const busy = durables.find((durable) => durable.handler !== null);
    if (busy) throw new Error(`Consumer "${consumerName}" already has a running subscription to "${busy.filter}"`);
    for (const durable of durables) {
      durable.handler = handler;
      this.kick(durable);
    }
    let stopped = false;
    return {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await Promise.all(durables.map((durable) => this.detach(durable)));
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.durables.values()].map((durable) => this.detach(durable)));
  }

  async consumerStates(consumerNames: string[]): Promise<ConsumerState[]> {
    const names = new Set(consumerNames);
    return [...this.durables.values()]
      .filter((durable) => names.has(durable.name) && durable.handler !== null)
      .map((durable) => {
        const redelivered = durable.queue.filter((pending) => pending.deliveries > 0).length;
        return {
          consumer: durable.name,
          filter: durable.filter,
          pending: durable.queue.length - redelivered,
          ackPending: redelivered,
          redelivered,
        };
      });
  }

  private durableFor(consumerName: string, filter: string): Durable {
    const key = `${consumerName}\u0000${filter}`;
    let durable = this.durables.get(key);
    if (!durable) {
      durable = { name: consumerName, filter, queue: [], handler: null, running: null, timer: null };
      this.durables.set(key, durable);
      // A new consumer starts from the oldest event the bus still keeps, as a JetStream consumer does.
      for (const event of this.retained) if (subjectMatches(filter, event.subject)) this.enqueue(durable, event);
    }
    return durable;
  }

  private enqueue(durable: Durable, envelope: EventEnvelope): void {
    durable.queue.push({ envelope, deliveries: 0, notBefore: 0 });
    if (durable.queue.length > this.maxRetained) {
      const dropped = durable.queue.shift();
      this.logger.error(
        `In-process event bus: consumer "${durable.name}" fell too far behind; dropped event ${dropped?.envelope.id}`,
      );
    }
    this.kick(durable);
  }

  private async detach(durable: Durable): Promise<void> {
    durable.handler = null;
    if (durable.timer) clearTimeout(durable.timer);
    durable.timer = null;
    await durable.running;
  }

  /** Starts the delivery loop of a durable unless it runs already or nobody listens. */
  private kick(durable: Durable): void {
    if (!durable.handler || durable.running) return;
    durable.running = this.deliver(durable);
  }

  private async deliver(durable: Durable): Promise<void> {
    try {
      // Let the publisher's call return before any handler runs.
      await Promise.resolve();
      while (durable.handler) {
        const now = Date.now();
        const next = durable.queue.find((pending) => pending.notBefore <= now);
        if (!next) {
          // Cleared here, in the same tick as the search, so an event enqueued afterwards starts a new loop.
          durable.running = null;
          this.wakeForRetry(durable, now);
          return;
        }
        const handler = durable.handler;
        next.deliveries += 1;
        try {
          await handler(structuredClone(next.envelope), { count: next.deliveries });
          durable.queue.splice(durable.queue.indexOf(next), 1);
        } catch (error) {
          const delay = retryDelay(next.deliveries, this.retryDelayMs, this.maxRetryDelayMs);
          next.notBefore = Date.now() + delay;
          this.logger.warn(
            `Consumer "${durable.name}" failed on ${next.envelope.subject} ${next.envelope.id} ` +
              `(delivery ${next.deliveries}); retrying in ${delay} ms: ${describe(error)}`,
          );
        }
      }
    } finally {
      durable.running = null;
    }
  }

  private wakeForRetry(durable: Durable, now: number): void {
    if (durable.timer) clearTimeout(durable.timer);
    durable.timer = null;
    if (durable.queue.length === 0 || !durable.handler) return;
    const soonest = Math.min(...durable.queue.map((pending) => pending.notBefore));
    durable.timer = setTimeout(
      () => {
        durable.timer = null;
        this.kick(durable);
      },
      Math.max(soonest - now, 0),
    );
  }

  private forgetExpiredIds(now: number): void {
    for (const [id, expiresAt] of this.seenIds) {
      if (expiresAt > now) break;
      this.seenIds.delete(id);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

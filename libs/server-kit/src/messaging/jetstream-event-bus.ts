import type { EventEnvelope } from '@kcf/contracts';
import { EventEnvelope as EventEnvelopeSchema } from '@kcf/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
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
import { checkEnvelope, checkSubscription, durableName, retryDelay } from './event-names';

export interface JetStreamEventBusOptions {
  /** NATS server URL(s), e.g. `nats://nats:4222`. */
  servers: string | string[];
  /** The stream holding the events (default `KCF_EVENTS`). */
  streamName?: string;
  /** Events travel on `<prefix>.<subject>`; the stream takes `<prefix>.>` (default `kcf`). */
  subjectPrefix?: string;
  /** A re-publish of an event id within this window is dropped by the server (default 2 minutes). */
  duplicateWindowMs?: number;
  /** How long the stream keeps events for consumers that start later (default 7 days). */
  maxAgeMs?: number;
  /** Time a consumer has to acknowledge before the server redelivers (default 30 s; extended while a handler runs). */
  ackWaitMs?: number;
  /** First redelivery delay after a handler fails; doubles on each failure (default 1 s). */
  retryDelayMs?: number;
  /** Longest redelivery delay (default 60 s). */
  maxRetryDelayMs?: number;
  /** How long `publish` waits for the server's acknowledgement (default 5 s). */
  publishTimeoutMs?: number;
  /** Shown in the server's connection list. */
  connectionName?: string;
  logger?: EventBusLogger;
}

const DEFAULTS = {
  streamName: 'KCF_EVENTS',
  subjectPrefix: 'kcf',
  duplicateWindowMs: 120_000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  ackWaitMs: 30_000,
  retryDelayMs: 1_000,
  maxRetryDelayMs: 60_000,
  publishTimeoutMs: 5_000,
};

type Settings = typeof DEFAULTS;

/**
 * Events on a NATS JetStream stream. `publish` resolves on the server's acknowledgement and uses the
 * event id as the message id, so a re-publish within the duplicate window is dropped. Each
 * (consumer name, subject filter) pair is one durable pull consumer with explicit acks; a failed handler
 * gets a NAK with a growing delay. The connection reconnects for ever, across server restarts.
 * Uses nothing newer than nats-server 2.9.
 */
export class JetStreamEventBus implements EventBus {
  private readonly subscriptions = new Set<JetStreamSubscription>();
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly settings: Settings,
    private readonly logger: EventBusLogger,
  ) {}

  /** Connects (waiting for the server if it is not up yet) and makes sure the stream exists. */
  static async connect(options: JetStreamEventBusOptions): Promise<JetStreamEventBus> {
    const settings: Settings = {
      streamName: options.streamName ?? DEFAULTS.streamName,
      subjectPrefix: options.subjectPrefix ?? DEFAULTS.subjectPrefix,
      duplicateWindowMs: options.duplicateWindowMs ?? DEFAULTS.duplicateWindowMs,
      maxAgeMs: options.maxAgeMs ?? DEFAULTS.maxAgeMs,
      ackWaitMs: options.ackWaitMs ?? DEFAULTS.ackWaitMs,
      retryDelayMs: options.retryDelayMs ?? DEFAULTS.retryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs,
      publishTimeoutMs: options.publishTimeoutMs ?? DEFAULTS.publishTimeoutMs,
    };
    const nc = await connect({
      servers: options.servers,
      name: options.connectionName,
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
    });
    try {
      const jsm = await jetstreamManager(nc);
      const bus = new JetStreamEventBus(nc, jetstream(nc), jsm, settings, options.logger ?? consoleEventBusLogger);
      await bus.whenServerAnswers(() => bus.ensureStream());
      return bus;
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  get streamName(): string {
    return this.settings.streamName;
  }

  async publish(envelope: EventEnvelope): Promise<PublishResult> {
    if (this.closed) throw new EventBusClosedError();
    const event = checkEnvelope(envelope);
    const ack = await this.js.publish(this.wireSubject(event.subject), JSON.stringify(event), {
      msgID: event.id,
      timeout: this.settings.publishTimeoutMs,
    });
    return { duplicate: ack.duplicate };
  }

  async subscribe(consumerName: string, subjects: string[], handler: EventHandler): Promise<EventSubscription> {
    if (this.closed) throw new EventBusClosedError();
    const filters = checkSubscription(consumerName, subjects);
    const subscription = new JetStreamSubscription();
    this.subscriptions.add(subscription);
    try {
      for (const filter of filters) {
        const durable = durableName(consumerName, filter);
        await this.whenServerAnswers(() => this.ensureConsumer(durable, filter));
        subscription.durables.push({ consumerName, durable, filter });
        subscription.loops.push(this.runConsumer(subscription, consumerName, durable, filter, handler));
      }
    } catch (error) {
      await subscription.stop();
      this.subscriptions.delete(subscription);
      throw error;
    }
    return {
      stop: async () => {
        await subscription.stop();
        this.subscriptions.delete(subscription);
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    try {
      await this.nc.drain();
    } catch {
      await this.nc.close();
    }
  }

  async consumerStates(consumerNames: string[]): Promise<ConsumerState[]> {
    const names = new Set(consumerNames);
    const durables = [...this.subscriptions]
      .flatMap((subscription) => subscription.durables)
      .filter((d) => names.has(d.consumerName));
    return Promise.all(
      durables.map(async ({ consumerName, durable, filter }) => {
        const info = await this.jsm.consumers.info(this.settings.streamName, durable);
        return {
          consumer: consumerName,
          filter,
          pending: info.num_pending,
          ackPending: info.num_ack_pending,
          redelivered: info.num_redelivered,
        };
      }),
    );
  }

  /** Removes the stream and everything in it (for tests and tear-down scripts). */
  async deleteStream(): Promise<void> {
    await this.jsm.streams.delete(this.settings.streamName);
  }

  private wireSubject(subject: string): string {
    return `${this.settings.subjectPrefix}.${subject}`;
  }

  /** Retries a management request while the server is (re)starting: a timeout or "no responders" passes. */
  private async whenServerAnswers<T>(request: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await request();
      } catch (error) {
        if (attempt >= 40 || this.closed || !isTransient(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  private async ensureStream(): Promise<void> {
    const { streamName, subjectPrefix, duplicateWindowMs, maxAgeMs } = this.settings;
    const subjects = [`${subjectPrefix}.>`];
    try {
      const info = await this.jsm.streams.info(streamName);
      if (!subjects.every((subject) => info.config.subjects?.includes(subject))) {
        await this.jsm.streams.update(streamName, {
          subjects: [...new Set([...(info.config.subjects ?? []), ...subjects])],
        });
      }
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
      await this.jsm.streams.add({
        name: streamName,
        subjects,
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        discard: DiscardPolicy.Old,
        max_age: nanos(maxAgeMs),
        duplicate_window: nanos(duplicateWindowMs),
      });
    }
  }

  private async ensureConsumer(durable: string, filter: string): Promise<void> {
    const { streamName, ackWaitMs } = this.settings;
    try {
      const info = await this.jsm.consumers.info(streamName, durable);
      if (info.config.ack_wait !== nanos(ackWaitMs)) {
        await this.jsm.consumers.update(streamName, durable, { ack_wait: nanos(ackWaitMs) });
      }
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
      await this.jsm.consumers.add(streamName, {
        durable_name: durable,
        filter_subject: this.wireSubject(filter),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(ackWaitMs),
        max_deliver: -1,
        max_ack_pending: 1000,
      });
    }
  }

  /** Pulls and handles messages of one durable until the subscription stops; starts over after a failure. */
  private async runConsumer(
    subscription: JetStreamSubscription,
    consumerName: string,
    durable: string,
    filter: string,
    handler: EventHandler,
  ): Promise<void> {
    while (!subscription.stopping) {
      let messages: ConsumerMessages | undefined;
      try {
        const consumer = await this.js.consumers.get(this.settings.streamName, durable);
        messages = await consumer.consume({ max_messages: 20 });
        subscription.feeds.add(messages);
        // A feed ends only while it is read, so a feed opened during stop() is closed and read out below.
        if (subscription.stopping) void messages.close().catch(() => undefined);
        void this.watchStatus(messages, durable, filter);
        for await (const msg of messages) {
          if (subscription.stopping) {
            msg.nak();
            continue;
          }
          await this.handle(consumerName, msg, handler);
        }
      } catch (error) {
        if (subscription.stopping) return;
        this.logger.warn(
          `Consumer "${consumerName}" lost its feed on ${filter}; starting it again: ${describe(error)}`,
        );
        await subscription.pause(this.settings.retryDelayMs);
      } finally {
        if (messages) subscription.feeds.delete(messages);
      }
    }
  }

  /** Re-creates the durable if the server lost it (for example when the stream was re-created). */
  private async watchStatus(messages: ConsumerMessages, durable: string, filter: string): Promise<void> {
    try {
      for await (const status of messages.status()) {
        if (status.type === 'consumer_not_found' || status.type === 'consumer_deleted') {
          await this.ensureStream().catch(() => undefined);
          await this.ensureConsumer(durable, filter).catch(() => undefined);
        }
      }
    } catch {
      // The feed ended.
    }
  }

  private async handle(consumerName: string, msg: JsMsg, handler: EventHandler): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = EventEnvelopeSchema.parse(msg.json());
    } catch (error) {
      this.logger.error(`Consumer "${consumerName}" dropped a malformed message on ${msg.subject}: ${describe(error)}`);
      msg.term('malformed event envelope');
      return;
    }
    // Tell the server the handler is still at work, so a slow handler is not redelivered meanwhile.
    const keepAlive = setInterval(() => msg.working(), Math.max(this.settings.ackWaitMs / 3, 100));
    try {
      await handler(envelope, { count: msg.info.deliveryCount });
      msg.ack();
    } catch (error) {
      const delay = retryDelay(msg.info.deliveryCount, this.settings.retryDelayMs, this.settings.maxRetryDelayMs);
      this.logger.warn(
        `Consumer "${consumerName}" failed on ${envelope.subject} ${envelope.id} (delivery ${msg.info.deliveryCount}); ` +
          `retrying in ${delay} ms: ${describe(error)}`,
      );
      msg.nak(delay);
    } finally {
      clearInterval(keepAlive);
    }
  }
}

class JetStreamSubscription {
  stopping = false;
  readonly loops: Promise<void>[] = [];
  readonly durables: { consumerName: string; durable: string; filter: string }[] = [];
  readonly feeds = new Set<ConsumerMessages>();
  private readonly wakers = new Set<() => void>();
  private stopped: Promise<void> | null = null;

  /** Waits before a restart; cut short by stop(). */
  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      for (const wake of [...this.wakers]) wake();
      // Closing a feed ends its loop's iteration; the loop then finishes the handler it runs.
      for (const feed of this.feeds) void feed.close().catch(() => undefined);
      await Promise.all(this.loops);
    })();
    return this.stopped;
  }
}

/** Errors that mean "ask again shortly": the server is restarting or JetStream is not ready yet. */
function isTransient(error: unknown): boolean {
  if (error instanceof JetStreamApiError) return error.code === 10008; /* JetStream temporarily unavailable */
  const name = (error as Error | undefined)?.name ?? '';
  const message = (error as Error | undefined)?.message ?? '';
  return /Timeout|NoResponders|RequestError/i.test(name) || /timeout|no responders|503/i.test(message);
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

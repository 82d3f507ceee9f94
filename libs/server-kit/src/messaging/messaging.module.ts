import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EventEnvelope } from '@kcf/contracts';
import { GracefulShutdown } from '../health/graceful-shutdown';
import { ReadinessChecks } from '../health/health.controller';
import { createEventBus } from './create-event-bus';
import type { EventBus, EventBusLogger, EventSubscription } from './event-bus';
import type { InProcessEventBus } from './in-process-event-bus';
import { OutboxRelay } from './outbox-relay';
import { runIdempotentHandler } from './idempotent-handler';
import { readableHere } from './event-version-gate';
import { observedHandler } from '../observability/consumer-observer';
import { processMetrics } from '../observability/metrics';
import { Database } from '../unit-of-work/database';

export const EVENT_BUS = Symbol('EventBus');
const MESSAGING_OPTIONS = Symbol('MessagingOptions');

/** A durable consumer of other domains' events; its handler runs once per event, in a transaction. */
export interface EventConsumer {
  name: string;
  subjects: string[];
  /** Runs in a unit of work of its own (the service's UnitOfWorkModule): its repositories write through it. */
  handle(envelope: EventEnvelope): Promise<void>;
}

export interface MessagingOptions {
  /** The service's name (durable consumer names are prefixed with it). */
  serviceName: string;
  /** The `service` label of its metrics and log lines (`svc-beneficiaries`). */
  metricsService: string;
  natsUrl?: string;
  streamName: string;
  subjectPrefix: string;
  /** The one-process mode's shared bus (used when no NATS URL is set); the launcher closes it. */
  inProcessBus?: InProcessEventBus;
  outboxPollMs: number;
  /** Providers implementing EventConsumer; the service's module provides them (with their dependencies), this module finds them. */
  consumers?: (new (...args: never[]) => EventConsumer)[];
}

function busLogger(logger: Logger): EventBusLogger {
  return { warn: (m) => logger.warn(m), error: (m) => logger.error(m) };
}

/** Starts the outbox relay and the consumers once the app is up; stops them before the database's pool closes. */
@Injectable()
class MessagingLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Messaging');
  private relay?: OutboxRelay;
  private readonly subscriptions: EventSubscription[] = [];
  private removeMetrics: (() => void) | null = null;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly moduleRef: ModuleRef,
    private readonly readiness: ReadinessChecks,
    private readonly shutdown: GracefulShutdown,
  ) {}

  get outboxRelay(): OutboxRelay | undefined {
    return this.relay;
  }

  async onApplicationBootstrap(): Promise<void> {
    // The service's Database (UnitOfWorkModule): the relay's passes, and each event handled in a unit of work of its own.
    const db = this.moduleRef.get(Database, { strict: false });
    this.relay = new OutboxRelay(db, this.bus, {
      pollIntervalMs: this.options.outboxPollMs,
      logger: busLogger(this.logger),
    });
    this.relay.start();
    const names: string[] = [];
    for (const type of this.options.consumers ?? []) {
      const consumer = this.moduleRef.get<EventConsumer>(type, { strict: false });
      const name = `${this.options.serviceName}-${consumer.name}`;
      names.push(name);
      // An event of another major than this service reads is acknowledged unhandled, as a malformed one is.
      const handle = (envelope: EventEnvelope) =>
        runIdempotentHandler(db, name, envelope, async () =>
          readableHere(envelope, this.logger) ? consumer.handle(envelope) : undefined,
        );
      this.subscriptions.push(
        await this.bus.subscribe(
          name,
          consumer.subjects,
          observedHandler({ service: this.options.metricsService, consumer: name, logger: this.logger }, handle),
        ),
      );
    }
    this.removeMetrics = this.consumerMetrics(names);
    this.readiness.register('events', async () => undefined);
    // Once the last request is answered, before the database closes: no consumer is left mid-handler, and
    // the events those requests committed leave now rather than at the next start.
    this.shutdown.afterRequests(() => this.stop());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
    // The shared in-process bus belongs to the launcher; any other bus (JetStream) is this service's own.
    if (this.bus !== this.options.inProcessBus) await this.bus.close();
  }

  /** The consumers' lag, read from the bus when the metrics are scraped. */
  private consumerMetrics(names: string[]): (() => void) | null {
    if (names.length === 0) return null;
    const metrics = processMetrics();
    const service = this.options.metricsService;
    return metrics.addSource(async () => {
      for (const state of await this.bus.consumerStates(names)) {
        const labels = { service, consumer: state.consumer, filter: state.filter };
        metrics.consumerPending.set(labels, state.pending);
        metrics.consumerAckPending.set(labels, state.ackPending);
        metrics.consumerRedelivered.set(labels, state.redelivered);
      }
    });
  }

  private async stop(): Promise<void> {
    this.removeMetrics?.();
    this.removeMetrics = null;
    for (const s of this.subscriptions.splice(0)) await s.stop();
    if (!this.relay) return;
    const relay = this.relay;
    this.relay = undefined;
    await relay.stop();
    await relay
      .drain(5_000)
      .catch((error: unknown) => this.logger.warn(`Outbox not flushed at shutdown: ${String(error)}`));
  }
}

/** Publishes after commit: wakes the relay so an event written to the outbox leaves at once. */
@Injectable()
export class Outbox {
  constructor(private readonly lifecycle: MessagingLifecycle) {}
  /** Call after the transaction that wrote to the outbox has committed. */
  flush(): void {
    this.lifecycle.outboxRelay?.nudge();
  }
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    const logger = new Logger('EventBus');
    return {
      module: MessagingModule,
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        {
          provide: EVENT_BUS,
          useFactory: () =>
            createEventBus({
              natsUrl: options.natsUrl,
              streamName: options.streamName,
              subjectPrefix: options.subjectPrefix,
              inProcessBus: options.inProcessBus,
              connectionName: options.serviceName,
              logger: busLogger(logger),
            }),
        },
        MessagingLifecycle,
        Outbox,
      ],
      exports: [EVENT_BUS, Outbox],
    };
  }
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one registry and the product's metrics. Every series carries `service` (in the one-process
 * mode several services share the process and its registry); the default metrics (event-loop lag, memory,
 * CPU, handles) carry the process's own name.
 */
export class ProcessMetrics {
  readonly registry = new Registry();

  /** Requests answered, by route template (never the raw path), method and status code. */
  readonly httpDuration = new Histogram({
    name: 'kcf_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status code',
    labelNames: ['service', 'method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** The gateway's wait for a free connection to a service (0 when one was free at once). */
  readonly upstreamWait = new Histogram({
    name: 'kcf_gateway_upstream_wait_seconds',
    help: "Time a proxied request waited in the gateway's admission queue for a connection to a service",
    labelNames: ['service', 'upstream', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly outboxBacklog = new Gauge({
    name: 'kcf_outbox_backlog',
    help: 'Events written to the outbox and not yet published',
    labelNames: ['service'] as const,
    registers: [this.registry],
  });

  readonly outboxOldestAge = new Gauge({
    name: 'kcf_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest unpublished event in the outbox (0 when none waits)',
    labelNames: ['service'] as const,
    registers: [this.registry],
  });

  readonly consumerPending = new Gauge({
    name: 'kcf_consumer_pending_events',
    help: 'Events on the bus a durable consumer has not been delivered yet (its lag)',
    labelNames: ['service', 'consumer', 'filter'] as const,
    registers: [this.registry],
  });

  readonly consumerAckPending = new Gauge({
    name: 'kcf_consumer_ack_pending_events',
    help: 'Events delivered to a durable consumer and not yet acknowledged',
    labelNames: ['service', 'consumer', 'filter'] as const,
    registers: [this.registry],
  });

  readonly consumerRedelivered = new Gauge({
    name: 'kcf_consumer_redelivered_events',
    help: 'Events a durable consumer has had delivered more than once and not yet acknowledged',
    labelNames: ['service', 'consumer', 'filter'] as const,
    registers: [this.registry],
  });

  readonly redeliveries = new Counter({
    name: 'kcf_consumer_redeliveries_total',
    help: 'Deliveries of an event to a consumer after the first (its handler failed or did not answer in time)',
    labelNames: ['service', 'consumer'] as const,
    registers: [this.registry],
  });

  readonly dbPool = new Gauge({
    name: 'kcf_db_pool_connections',
    help: "Connections of the service's database pool: total, idle, and callers waiting for one",
    labelNames: ['service', 'state'] as const,
    registers: [this.registry],
  });

  private readonly sources = new Set<() => Promise<void>>();
  private defaultsFor: string | null = null;

  /** Starts the default metrics once, labelled with the process's name (the first caller's). */
  startDefaultMetrics(processName: string): void {
    if (this.defaultsFor !== null) return;
    this.defaultsFor = processName;
    collectDefaultMetrics({ register: this.registry, labels: { service: processName } });
  }

  /** Adds what is read when scraped (database, bus); returns how to remove it. */
  addSource(read: () => Promise<void>): () => void {
    this.sources.add(read);
    return () => this.sources.delete(read);
  }

  /** The exposition text: the scrape-time sources read first (each at most `timeoutMs`; one failing leaves its series out). */
  async exposition(timeoutMs = 2_000): Promise<string> {
    for (const gauge of [
      this.outboxBacklog,
      this.outboxOldestAge,
      this.consumerPending,
      this.consumerAckPending,
      this.consumerRedelivered,
      this.dbPool,
    ])
      gauge.reset();
    await Promise.all([...this.sources].map((read) => withTimeout(read(), timeoutMs).catch(() => undefined)));
    return this.registry.metrics();
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

let metrics: ProcessMetrics | null = null;

/** The process's metrics (made on first use). */
export function processMetrics(): ProcessMetrics {
  metrics ??= new ProcessMetrics();
  return metrics;
}

import type { DynamicModule, Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { AuditDomain } from '@kcf/contracts';
import { AUDIT_MIGRATIONS, AuditModule, auditRecordingOf } from '../audit';
import type { Clock } from '../clock/clock';
import type { BaseServiceConfig } from '../config/service-config';
import { databaseModule } from '../database/database.module';
import type { InProcessEventBus } from '../messaging/in-process-event-bus';
import { HealthModule } from '../health/health.module';
import { IDEMPOTENCY_MIGRATIONS } from '../idempotency';
import { MessagingModule, type EventConsumer } from '../messaging/messaging.module';
import { ServiceMetricsModule } from '../observability/service-metrics';
import { OUTBOX_MIGRATIONS } from '../messaging';
import { UnitOfWorkModule } from '../unit-of-work/unit-of-work.module';

export interface ServiceModulesOptions {
  /** The service's short name: its database pool's logs, its durable consumers' prefix. */
  name: string;
  config: BaseServiceConfig;
  /** The service's own migrations (server-kit's outbox and idempotency tables are added). */
  migrations: (new () => unknown)[];
  /** The event consumers the service provides (see MessagingModule). */
  consumers?: (new (...args: never[]) => EventConsumer)[];
  /** The domain whose audit trail this service keeps (its entries' ids start with it). */
  domain: AuditDomain;
  /** The service's clock (the time of its events and audit entries). */
  clock: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
}

/**
 * What every service imports, the same way: its database (migrations run on start), the unit of work and
 * idempotency records, the audit trail (with its internal routes and retention job), health and graceful stop, the event bus with the outbox relay and consumers, the
 * metrics read when scraped (outbox backlog, database pool; the label `svc-<name>`), and
 * the discovery the route inventory walks. A service adds its own modules (e.g. StorageModule) beside them.
 */
export function serviceModules(options: ServiceModulesOptions): (DynamicModule | Type<unknown>)[] {
  const { name, config } = options;
  return [
    DiscoveryModule,
    databaseModule(name, () => ({
      url: config.DATABASE_URL,
      migrations: [...options.migrations, ...OUTBOX_MIGRATIONS, ...IDEMPOTENCY_MIGRATIONS, ...AUDIT_MIGRATIONS],
    })),
    UnitOfWorkModule.forRoot({ keyTtlHours: config.IDEMPOTENCY_TTL_HOURS, clock: options.clock }),
    AuditModule.forRoot({
      domain: options.domain,
      databaseUrl: config.DATABASE_URL,
      clock: options.clock,
      retentionDays: config.AUDIT_RETENTION_DAYS,
      secret: config.INTERNAL_SECRET,
      recording: auditRecordingOf(config),
    }),
    HealthModule.forRoot(),
    ServiceMetricsModule.forRoot({ service: `svc-${name}` }),
    MessagingModule.forRoot({
      serviceName: name,
      metricsService: `svc-${name}`,
      natsUrl: config.NATS_URL,
      streamName: config.NATS_STREAM,
      subjectPrefix: config.NATS_SUBJECT_PREFIX,
      inProcessBus: options.inProcessBus,
      outboxPollMs: config.OUTBOX_POLL_MS,
      consumers: options.consumers,
    }),
  ];
}

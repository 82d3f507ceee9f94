/**
 * `@kcf/server-kit/messaging`: events between the domains — the event bus port (JetStream, in-process), the
 * transactional outbox (`Events`, the relay), idempotent consumers, and MessagingModule that runs them.
 */
import 'reflect-metadata';

export {
  consoleEventBusLogger,
  EventBusClosedError,
  type ConsumerState,
  type Delivery,
  type EventBus,
  type EventBusLogger,
  type EventHandler,
  type EventSubscription,
  type PublishResult,
} from './event-bus';
export { subjectMatches, durableName } from './event-names';
export { InProcessEventBus, type InProcessEventBusOptions } from './in-process-event-bus';
export { JetStreamEventBus, type JetStreamEventBusOptions } from './jetstream-event-bus';
export { createEventBus, type EventBusConfig } from './create-event-bus';
export { Events, insertOutboxEvents, pending, type PendingEvent } from './events';
export { OutboxRelay, type OutboxRelayOptions, type RelayPass } from './outbox-relay';
export { readOutboxBacklog, type OutboxBacklog } from './outbox-backlog';
export { runIdempotentHandler, subscribeIdempotent } from './idempotent-handler';
export { MessagingModule, Outbox, EVENT_BUS, type EventConsumer, type MessagingOptions } from './messaging.module';
export { payloadOf } from './event-payload';
export { CreateOutboxTables1795300000000 } from './create-outbox-tables.migration';
export { OutboxMetadata1798100000000 } from './outbox-metadata.migration';
export { OutboxSchemaVersion1798200000000 } from './outbox-schema-version.migration';

import { CreateOutboxTables1795300000000 } from './create-outbox-tables.migration';
import { OutboxMetadata1798100000000 } from './outbox-metadata.migration';
import { OutboxSchemaVersion1798200000000 } from './outbox-schema-version.migration';
/** Every service runs these (serviceModules adds them to its migrations). */
export const OUTBOX_MIGRATIONS = [
  CreateOutboxTables1795300000000,
  OutboxMetadata1798100000000,
  OutboxSchemaVersion1798200000000,
];

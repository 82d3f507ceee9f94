export { OutboxEventEntity } from './outbox-event.entity';
export { ProcessedEventEntity } from './processed-event.entity';
export { CreateOutboxTables1795300000000 } from './create-outbox-tables.migration';
export { OutboxMetadata1798100000000 } from './outbox-metadata.migration';
export { OutboxSchemaVersion1798200000000 } from './outbox-schema-version.migration';
export { readOutboxBacklog, type OutboxBacklog } from './outbox-backlog';
export { Events, insertOutboxEvents, pending, type PendingEvent } from './events';
export { OutboxRelay, type OutboxRelayOptions, type RelayPass } from './outbox-relay';
export { runIdempotentHandler, subscribeIdempotent } from './idempotent-handler';

import { CreateOutboxTables1795300000000 } from './create-outbox-tables.migration';
import { OutboxMetadata1798100000000 } from './outbox-metadata.migration';
import { OutboxSchemaVersion1798200000000 } from './outbox-schema-version.migration';
import { OutboxEventEntity } from './outbox-event.entity';
import { ProcessedEventEntity } from './processed-event.entity';

/** Add to a service's DataSource `entities`. */
export const OUTBOX_ENTITIES = [OutboxEventEntity, ProcessedEventEntity];
/** Add to a service's DataSource `migrations`. */
export const OUTBOX_MIGRATIONS = [CreateOutboxTables1795300000000, OutboxMetadata1798100000000, OutboxSchemaVersion1798200000000];

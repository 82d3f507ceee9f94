export { OutboxEventEntity } from './outbox-event.entity';
export { ProcessedEventEntity } from './processed-event.entity';
export { CreateOutboxTables1795300000000 } from './create-outbox-tables.migration';
export { Events, insertOutboxEvents, pending, type PendingEvent } from './events';
export { OutboxRelay, type OutboxRelayOptions, type RelayPass } from './outbox-relay';
export { runIdempotentHandler, subscribeIdempotent } from './idempotent-handler';

import { CreateOutboxTables1795300000000 } from './create-outbox-tables.migration';
import { OutboxEventEntity } from './outbox-event.entity';
import { ProcessedEventEntity } from './processed-event.entity';

/** Add to a service's DataSource `entities`. */
export const OUTBOX_ENTITIES = [OutboxEventEntity, ProcessedEventEntity];
/** Add to a service's DataSource `migrations`. */
export const OUTBOX_MIGRATIONS = [CreateOutboxTables1795300000000];

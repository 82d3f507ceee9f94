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

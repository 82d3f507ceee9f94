export { currentLogContext, currentRequestId, runWithLogContext, type LogContext } from './log-context';
export { createLogger, setLogDestination, REDACTED_PATHS, type LogLevelName } from './logger';
export { PinoNestLogger, useProcessLogger } from './nest-logger';
export { ProcessMetrics, processMetrics } from './metrics';
export { startMetricsServer, METRICS_PATH, type MetricsServer } from './metrics-server';
export { observeRequest, expressRouteOf, type RequestObserver } from './request-observer';
export { observedHandler, type ObservedConsumer } from './consumer-observer';

import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { setRulesClock } from '@kcf/contracts';
import type { BaseServiceConfig } from '../config/service-config';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccessGuard } from '../access/access.guard';
import { CLOCK, type Clock } from '../clock/clock';
import { GlobalExceptionFilter } from '../errors/global-exception.filter';
import { GracefulShutdown, type ShutdownSettings } from '../health/graceful-shutdown';
import { ReadinessChecks } from '../health/health.controller';
import { requestIdMiddleware } from '../http/request-id';
import type { LogLevelName } from '../observability/logger';
import { startMetricsServer } from '../observability/metrics-server';
import { processMetrics } from '../observability/metrics';
import { PinoNestLogger } from '../observability/nest-logger';
import { expressRouteOf, observeRequest, type RequestObserver } from '../observability/request-observer';

export interface ServiceAppOptions {
  /** Used in logs and as the `service` label of metrics. */
  name: string;
  module: Type<unknown>;
  internalSecret: string;
  logLevel?: LogLevelName;
  /** Register SIGTERM/SIGINT handlers (off when several apps share one process). */
  shutdownHooks?: boolean;
  jsonLimit?: string;
  /** How a stop waits for requests in flight (see GracefulShutdown). */
  shutdown?: Partial<ShutdownSettings>;
}

/**
 * Creates a NestJS app with the house rules: request ids, JSON logs (pino, every `Logger` call included),
 * request metrics per route template, the access guard, the JSON error filter.
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<NestExpressApplication> {
  const logger = new PinoNestLogger(options.name, options.logLevel ?? 'log');
  const app = await NestFactory.create<NestExpressApplication>(options.module, { logger, bodyParser: false });
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestIdMiddleware);
  const observer: RequestObserver = { service: options.name, logger: logger.pino, routeOf: expressRouteOf };
  app.use((req: never, res: never, next: () => void) => observeRequest(observer, req, res, next));
  // While stopping, every answer ends its connection: kept-alive clients open a new one elsewhere.
  const readiness = app.get(ReadinessChecks, { strict: false });
  app.use((_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (readiness.shuttingDown) res.setHeader('Connection', 'close');
    next();
  });
  if (options.shutdown) app.get(GracefulShutdown, { strict: false }).configure(options.shutdown);
  app.useBodyParser('json', { limit: options.jsonLimit ?? '1mb' });
  app.useBodyParser('urlencoded', { extended: false, limit: '100kb' });
  app.useGlobalFilters(new GlobalExceptionFilter());
  app.useGlobalGuards(new AccessGuard(app.get(Reflector), options.internalSecret));
  // A stop by signal that finished gracefully exits 0 (Nest's default raises the signal again: exit 143).
  if (options.shutdownHooks !== false) app.enableShutdownHooks([], { useProcessExit: true });
  installRulesClock(app);
  return app;
}

/**
 * The rules of the bodies that compare a date with today (no birth, consent, income or expense after it: the
 * contracts' `rulesToday`) read the service's Clock, as every other rule does; a test's ManualClock moves them too.
 */
function installRulesClock(app: INestApplication): void {
  let clock: Clock | undefined;
  try {
    clock = app.get<Clock>(CLOCK, { strict: false });
  } catch {
    return;
  }
  if (clock) setRulesClock(() => clock.now());
}

export async function listen(app: INestApplication, port: number, host: string): Promise<string> {
  await app.listen(port, host);
  const address = app.getHttpServer().address() as { port: number };
  return `http://${host}:${address.port}`;
}

export interface RunningService {
  app: NestExpressApplication;
  url: string;
  /** Where its metrics are served (METRICS_PORT set), e.g. http://127.0.0.1:9102/metrics. */
  metricsUrl?: string;
  close(): Promise<void>;
}

/** The settings startService reads from a service's parsed config. */
export type StartConfig = Pick<
  BaseServiceConfig,
  'INTERNAL_SECRET' | 'LOG_LEVEL' | 'SHUTDOWN_GRACE_MS' | 'SHUTDOWN_DELAY_MS' | 'HOST'
> &
  Partial<Pick<BaseServiceConfig, 'METRICS_PORT'>> & { PORT: number };

/**
 * Creates and starts a service on its config's HOST:PORT, with its secret, log level and stop settings,
 * and its metrics on METRICS_PORT when set; main.ts, the one-process mode and tests all use it.
 */
export async function startService(options: {
  name: string;
  module: Type<unknown> | DynamicModule;
  config: StartConfig;
  shutdownHooks?: boolean;
  jsonLimit?: string;
}): Promise<RunningService> {
  const { config } = options;
  const app = await createServiceApp({
    name: options.name,
    module: options.module as Type<unknown>,
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    shutdownHooks: options.shutdownHooks,
    jsonLimit: options.jsonLimit,
    shutdown: { graceMs: config.SHUTDOWN_GRACE_MS, delayMs: config.SHUTDOWN_DELAY_MS },
  });
  const url = await listen(app, config.PORT, config.HOST);
  if (!config.METRICS_PORT) return { app, url, close: () => app.close() };
  // The process's own series (event-loop lag, memory, GC) only where they are served: each start of the
  // collectors adds timers that sample the event loop for the life of the process.
  processMetrics().startDefaultMetrics(options.name);
  const metrics = await startMetricsServer(config.METRICS_PORT, config.HOST).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  return {
    app,
    url,
    metricsUrl: metrics.url,
    close: async () => {
      await app.close();
      await metrics.close();
    },
  };
}

/** The body of every service's main.ts: parse env, start, log where it listens, exit readably on failure. */
export function runMain(name: string, start: () => Promise<{ url: string }>): void {
  start()
    .then(({ url }) => console.log(`${name} listening on ${url}`))
    .catch((err: unknown) => {
      console.error(`${name} failed to start: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    });
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  drainConnections,
  GlobalExceptionFilter,
  InternalClient,
  PinoNestLogger,
  processMetrics,
  requestIdMiddleware,
  startMetricsServer,
} from '@kcf/server-kit/http';
import { isAppPage } from '@kcf/contracts';
import { createStaticHandler } from '@kcf/static-server';
import { GatewayModule } from './app.module';
import { remoteSources, type GatewayConfig } from './config';
import { DashboardComposer } from './dashboard/dashboard-composer';
import { httpDashboardSources } from './dashboard/dashboard-sources';
import { AuditComposer } from './audit/audit-composer';
import { httpAuditSources } from './audit/audit-sources';
import { upstreamProbe, type ReadinessProbe } from './health/readiness-probes';
import { GatewayLifecycle } from './lifecycle/graceful-shutdown';
import { observeGatewayRequests } from './observability/request-observer';
import { gatewayRouteOf } from './observability/route-label';
import type { BodyLimits } from './proxy/client-body';
import { applyClientDeadlines } from './proxy/client-deadlines';
import { createFrontDoor, installFrontDoor } from './proxy/front-door';
import type { TrustFn } from './proxy/forwarding-of';
import { pathOf, type Middleware } from './proxy/middleware';
import { createProxyHandler } from './proxy/proxy-handler';
import type { PoolName } from './proxy/route-table';
import { createUpstream, type Upstream } from './proxy/upstream-pool';
import { createOriginCheck } from './security/origin-check';
import { listenOrigins } from './security/own-origins';
import { securityHeaders } from './security/security-headers';
import { createGatewaySessions, type SessionRevocations } from './session/gateway-sessions';
import { createRemoteProxy, createRemotesManifestHandler, remotesManifestSource } from './static/remotes';
import { createShellPageHandler } from './static/shell-page';
import { isGatewayRoute } from './static/spa-routes';
import { readSignedOutLanding } from './static/signed-out-landing';

export interface StartGatewayOptions {
  /** On SIGTERM/SIGINT, close gracefully and exit (off when several apps share one process). */
  shutdownHooks?: boolean;
  /** The one-process mode's session notices, shared with identity (else NATS_URL's; see session/gateway-sessions.ts). */
  sessionRevocations?: SessionRevocations;
}

export interface RunningGateway {
  app: NestExpressApplication;
  /** Where the gateway listens, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Where the process's metrics are served (METRICS_PORT set), e.g. http://127.0.0.1:9100/metrics. */
  metricsUrl?: string;
  /**
   * Graceful shutdown: stops accepting connections, reports not ready, finishes the requests in flight
   * (at most SHUTDOWN_GRACE_MS), closes idle keep-alive connections, then the upstream pools.
   */
  close(): Promise<void>;
}

const CALLER = 'gateway';
/** The `service` of its log lines and metrics. */
const SERVICE = 'gateway';

function displayHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the public origin: security headers, cross-origin refusal, the proxy, static files, own routes. */
export async function startGateway(config: GatewayConfig, options: StartGatewayOptions = {}): Promise<RunningGateway> {
  const logger = new Logger('Gateway');
  const nestLogger = new PinoNestLogger(SERVICE, config.LOG_LEVEL);
  const metrics = processMetrics();
  // The process's own series only where they are served (their collectors sample the event loop on timers).
  if (config.METRICS_PORT) metrics.startDefaultMetrics(SERVICE);
  const lifecycle = new GatewayLifecycle();
  const poolOptions = {
    headersTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    connections: config.UPSTREAM_CONNECTIONS,
    queueTimeoutMs: config.UPSTREAM_QUEUE_TIMEOUT_MS,
  };
  /** Each pool's admission reports its waits to `kcf_gateway_upstream_wait_seconds`. */
  const observed = (upstream: string) => ({
    ...poolOptions,
    onWait: (seconds: number, outcome: string) =>
      metrics.upstreamWait.observe({ service: SERVICE, upstream, outcome }, seconds),
  });
  // One pool (and admission) per service, and one for sign-in: a slow or busy one never blocks another.
  const upstreams: Record<PoolName, Upstream> = {
    identity: createUpstream(config.IDENTITY_URL, observed('identity')),
    signIn: createUpstream(config.IDENTITY_URL, { ...observed('signIn'), connections: config.SIGN_IN_CONNECTIONS }),
    beneficiaries: createUpstream(config.BENEFICIARIES_URL, observed('beneficiaries')),
    finance: createUpstream(config.FINANCE_URL, observed('finance')),
  };
  const remotes = remoteSources(config);
  const remoteUpstreams = new Map(
    remotes.filter((r) => r.upstream).map((r) => [r.name, createUpstream(r.upstream!, observed(`remote-${r.name}`))]),
  );
  const pools = [...Object.values(upstreams), ...remoteUpstreams.values()].map((u) => u.pool);
  const bodyLimits: BodyLimits = {
    bufferMaxBytes: config.BODY_BUFFER_MAX_BYTES,
    drainMaxBytes: config.BODY_DRAIN_MAX_BYTES,
    deadlines: {
      headersTimeoutMs: config.CLIENT_HEADERS_TIMEOUT_MS,
      bodyBaseMs: config.CLIENT_BODY_TIMEOUT_MS,
      bodyMinRate: config.CLIENT_BODY_MIN_RATE,
      bodyMaxMs: config.CLIENT_BODY_TIMEOUT_MAX_MS,
    },
  };

  const { resolver: sessions, close: closeSessions } = createGatewaySessions(
    config,
    new InternalClient(config.IDENTITY_URL, config.INTERNAL_SECRET, CALLER),
    options.sessionRevocations,
  );
  const dashboard = new DashboardComposer(
    httpDashboardSources(
      new InternalClient(config.BENEFICIARIES_URL, config.INTERNAL_SECRET, CALLER),
      new InternalClient(config.FINANCE_URL, config.INTERNAL_SECRET, CALLER),
    ),
  );
  const auditSources = httpAuditSources({
    identity: new InternalClient(config.IDENTITY_URL, config.INTERNAL_SECRET, CALLER),
    beneficiaries: new InternalClient(config.BENEFICIARIES_URL, config.INTERNAL_SECRET, CALLER),
    finance: new InternalClient(config.FINANCE_URL, config.INTERNAL_SECRET, CALLER),
  });
  const audit = { composer: new AuditComposer(auditSources), sources: auditSources };
  const probes: ReadinessProbe[] = [
    upstreamProbe('identity', upstreams.identity.pool),
    upstreamProbe('beneficiaries', upstreams.beneficiaries.pool),
    upstreamProbe('finance', upstreams.finance.pool),
    ...[...remoteUpstreams.entries()].map(([name, upstream]) => upstreamProbe(`remote-${name}`, upstream.pool)),
  ];

  const app = await NestFactory.create<NestExpressApplication>(
    GatewayModule.register({ sessions, dashboard, audit, probes, lifecycle }),
    {
      logger: nestLogger,
      bodyParser: false,
    },
  );
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);
  const trust = app.getHttpAdapter().getInstance().get('trust proxy fn') as TrustFn;

  // PUBLIC_URL's origin; without it, those of the address it listens on (known once it listens, below).
  let ownOrigins: readonly string[] = config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [];
  const landing = readSignedOutLanding(config.SHELL_DIR);
  // The same guards run on every response, whether the front door or express answers it.
  const guards: Middleware[] = [
    requestIdMiddleware as unknown as Middleware,
    securityHeaders({
      publicUrl: config.PUBLIC_URL,
      extraOrigins: config.CSP_EXTRA_SCRIPT_SRC,
      oidcIssuerUrl: config.OIDC_ISSUER,
      styleSources: landing?.styleSources,
    }),
    createOriginCheck(() => ownOrigins),
  ];
  const proxy = createProxyHandler({
    upstreams,
    sessions,
    internalSecret: config.INTERNAL_SECRET,
    trust,
    bodyLimits,
    shutdown: lifecycle,
  });
  const server = app.getHttpServer();
  applyClientDeadlines(server, bodyLimits.deadlines);
  installFrontDoor(server, createFrontDoor({ guards, proxy }), lifecycle);
  observeGatewayRequests(server, { service: SERVICE, logger: nestLogger.pino, routeOf: gatewayRouteOf });

  for (const guard of guards) app.use(guard);
  // The gateway's own /api answers (the dashboard, its errors) are no more cacheable than the services'.
  app.use('/api', ((_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  }) satisfies Middleware);
  // One manifest: answered at /remotes.json and written into every page of the app (static/shell-page.ts).
  const manifest = remotesManifestSource(remotes, config.SHELL_DIR);
  app.use(createRemotesManifestHandler(manifest));
  for (const remote of remotes) {
    const upstream = remoteUpstreams.get(remote.name);
    if (!upstream && !existsSync(join(remote.dir, 'remoteEntry.js')))
      logger.warn(`Remote ${remote.name}: no remoteEntry.js in ${remote.dir}`);
    app.use(
      `/remotes/${remote.name}`,
      upstream ? createRemoteProxy(upstream, trust, lifecycle) : createStaticHandler({ root: remote.dir }),
    );
  }
  if (!existsSync(join(config.SHELL_DIR, 'index.html'))) logger.warn(`No shell build in ${config.SHELL_DIR}`);
  const shell = createStaticHandler({ root: config.SHELL_DIR, spaFallback: isAppPage });
  const shellPage = createShellPageHandler(config.SHELL_DIR, manifest);
  app.use(((req, res, next) => {
    if (isGatewayRoute(pathOf(req.url))) return next();
    // `/` without a session cookie becomes the landing page, a file; every page of the app is the shell's page.
    landing?.route(req, res);
    shellPage(req, res, () => shell(req, res, next));
  }) satisfies Middleware);
  app.useGlobalFilters(new GlobalExceptionFilter());

  await app.listen(config.PORT, config.HOST);
  const { port } = app.getHttpServer().address() as { port: number };
  if (!config.PUBLIC_URL) ownOrigins = listenOrigins(config.HOST, port);
  const url = `http://${displayHost(config.HOST)}:${port}`;
  logger.log(`Listening on ${url}`);
  // Never through the public port: a port of its own (in the one-process mode, every service's series).
  const metricsServer = config.METRICS_PORT ? await startMetricsServer(config.METRICS_PORT, config.HOST) : null;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      lifecycle.closing = true;
      await drainConnections(server, config.SHUTDOWN_GRACE_MS);
      await app.close();
      await closeSessions();
      await Promise.all(pools.map((p) => p.close().catch(() => undefined)));
      await metricsServer?.close();
    })();
    return closing;
  };
  if (options.shutdownHooks !== false) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        logger.log(`${signal}: finishing the requests in flight, then stopping`);
        close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  }
  return { app, url, metricsUrl: metricsServer?.url, close };
}

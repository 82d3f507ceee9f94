import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Pool } from 'undici';
import { GlobalExceptionFilter, InternalClient, requestIdMiddleware } from '@kcf/server-kit';
import { GatewayModule } from './app.module';
import { remoteSources, type GatewayConfig } from './config';
import { httpStatsSources } from './dashboard/stats-sources';
import { upstreamProbe, type ReadinessProbe } from './health/readiness-probes';
import { createFrontDoor, installFrontDoor } from './proxy/front-door';
import type { TrustFn } from './proxy/forwarding-of';
import { pathOf, type Middleware } from './proxy/middleware';
import { createProxyHandler } from './proxy/proxy-handler';
import type { UpstreamName } from './proxy/route-table';
import { createUpstreamPool } from './proxy/upstream-pool';
import { createOriginCheck } from './security/origin-check';
import { securityHeaders } from './security/security-headers';
import { SessionResolver } from './session/session-resolver';
import { createRemoteProxy, createRemotesManifestHandler } from './static/remotes';
import { isGatewayRoute, isSpaRoute } from './static/spa-routes';
import { readSignedOutLanding } from './static/signed-out-landing';
import { createStaticHandler } from './static/static-files';

export interface StartGatewayOptions {
  /** Register SIGTERM/SIGINT handlers (off when several apps share one process). */
  shutdownHooks?: boolean;
}

export interface RunningGateway {
  app: NestExpressApplication;
  /** Where the gateway listens, e.g. http://127.0.0.1:8080. */
  url: string;
  close(): Promise<void>;
}

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const CALLER = 'gateway';

function displayHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the public origin: security headers, cross-origin refusal, the proxy, static files, own routes. */
export async function startGateway(config: GatewayConfig, options: StartGatewayOptions = {}): Promise<RunningGateway> {
  const logger = new Logger('Gateway');
  const poolOptions = { headersTimeoutMs: config.UPSTREAM_TIMEOUT_MS };
  const upstreams: Record<UpstreamName, Pool> = {
    identity: createUpstreamPool(config.IDENTITY_URL, poolOptions),
    beneficiaries: createUpstreamPool(config.BENEFICIARIES_URL, poolOptions),
    finance: createUpstreamPool(config.FINANCE_URL, poolOptions),
  };
  const remotes = remoteSources(config);
  const remotePools = new Map(remotes.filter((r) => r.upstream).map((r) => [r.name, createUpstreamPool(r.upstream!, poolOptions)]));
  const pools: Pool[] = [...Object.values(upstreams), ...remotePools.values()];

  const sessions = new SessionResolver(new InternalClient(config.IDENTITY_URL, config.INTERNAL_SECRET, CALLER), {
    cacheMs: config.SESSION_CACHE_MS,
    cacheSize: config.SESSION_CACHE_SIZE,
  });
  const stats = httpStatsSources(
    new InternalClient(config.BENEFICIARIES_URL, config.INTERNAL_SECRET, CALLER),
    new InternalClient(config.FINANCE_URL, config.INTERNAL_SECRET, CALLER),
  );
  const probes: ReadinessProbe[] = [
    ...Object.entries(upstreams).map(([name, pool]) => upstreamProbe(name, pool)),
    ...[...remotePools.entries()].map(([name, pool]) => upstreamProbe(`remote-${name}`, pool)),
  ];

  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register({ sessions, stats, probes }), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL) + 1),
    bodyParser: false,
  });
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);
  const trust = app.getHttpAdapter().getInstance().get('trust proxy fn') as TrustFn;

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
    createOriginCheck(config.PUBLIC_URL, trust),
  ];
  const proxy = createProxyHandler({ upstreams, sessions, internalSecret: config.INTERNAL_SECRET, trust });
  installFrontDoor(app.getHttpServer(), createFrontDoor({ guards, proxy }));

  for (const guard of guards) app.use(guard);
  app.use(createRemotesManifestHandler(remotes));
  for (const remote of remotes) {
    const pool = remotePools.get(remote.name);
    if (!pool && !existsSync(join(remote.dir, 'remoteEntry.js'))) logger.warn(`Remote ${remote.name}: no remoteEntry.js in ${remote.dir}`);
    app.use(`/remotes/${remote.name}`, pool ? createRemoteProxy(pool, trust) : createStaticHandler({ root: remote.dir }));
  }
  if (!existsSync(join(config.SHELL_DIR, 'index.html'))) logger.warn(`No shell build in ${config.SHELL_DIR}`);
  const shell = createStaticHandler({ root: config.SHELL_DIR, spaFallback: isSpaRoute });
  app.use(((req, res, next) => {
    if (isGatewayRoute(pathOf(req.url))) return next();
    landing?.route(req, res);
    shell(req, res, next);
  }) satisfies Middleware);
  app.useGlobalFilters(new GlobalExceptionFilter());
  if (options.shutdownHooks !== false) app.enableShutdownHooks();

  await app.listen(config.PORT, config.HOST);
  const { port } = app.getHttpServer().address() as { port: number };
  const url = `http://${displayHost(config.HOST)}:${port}`;
  logger.log(`Listening on ${url}`);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await app.close();
      await Promise.all(pools.map((p) => p.close().catch(() => undefined)));
    })();
    return closing;
  };
  return { app, url, close };
}

import { resolve } from 'node:path';
import { z } from 'zod';
import {
  freePort,
  InProcessEventBus,
  InProcessSessionRevocations,
  parseConfig,
  portIsFree,
  processMetrics,
  useProcessLogger,
  type Env,
} from '@kcf/server-kit';
import { parseIdentityConfig, startIdentityService } from '@kcf/svc-identity';
import { parseBeneficiariesConfig, startBeneficiariesService } from '@kcf/svc-beneficiaries';
import { parseFinanceConfig, startFinanceService } from '@kcf/svc-finance';
import { parseGatewayConfig, startGateway } from '@kcf/gateway';
import { startEmbeddedPostgres } from './embedded-postgres';
import { loadOrCreateState, saveState } from './embedded-state';

const embeddedConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  /** As root: where the `postgres` user is given what it cannot reach in place (see startEmbeddedPostgres). */
  POSTGRES_RUNTIME_DIR: z.string().default('/var/lib/kcf'),
});

/** The `service` of the process's own metrics and log lines. */
const PROCESS_NAME = 'kcf';

export interface EmbeddedApp {
  url: string;
  /** Where the process's metrics are served (METRICS_PORT set). */
  metricsUrl?: string;
  stop(): Promise<void>;
}

/**
 * The whole product in one Node process with the embedded defaults: embedded PostgreSQL under DATA_DIR,
 * local-disk files, the in-process event bus, every service on a loopback port behind the gateway.
 * Identity tells the gateway about ended sessions through one in-process channel, so the gateway's
 * session cache is dropped before identity answers.
 */
export async function startEmbedded(env: Env = process.env, log = (l: string) => console.log(l)): Promise<EmbeddedApp> {
  const cfg = parseConfig(embeddedConfigSchema, env);
  // One registry for the whole process (the gateway serves it on METRICS_PORT); its own series say `kcf`.
  if (env.METRICS_PORT) processMetrics().startDefaultMetrics(PROCESS_NAME);
  const dataDir = resolve(cfg.DATA_DIR);
  const state = await loadOrCreateState(dataDir, () => freePort());
  if (!(await portIsFree(state.postgresPort))) {
    state.postgresPort = await freePort();
    await saveState(dataDir, state);
  }
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: state.postgresPort,
    password: state.postgresPassword,
    log,
    runtimeDir: resolve(cfg.POSTGRES_RUNTIME_DIR),
  });
  const stops: (() => Promise<void>)[] = [() => pg.stop()];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e: unknown) => log(`shutdown: ${String(e)}`));
  };
  try {
    const common: Env = {
      ...env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      INTERNAL_SECRET: state.internalSecret,
      NATS_URL: undefined,
      S3_ENDPOINT: undefined,
      // The process's metrics are served once, by the gateway.
      METRICS_PORT: undefined,
    };
    // One in-process bus for all services: an event one publishes reaches the others' consumers.
    const inProcessBus = new InProcessEventBus();
    stops.push(() => inProcessBus.close());
    const deps = { shutdownHooks: false, inProcessBus };
    // One in-process channel for session notices: identity publishes, the gateway's cache listens.
    const sessionRevocations = new InProcessSessionRevocations();
    stops.push(() => sessionRevocations.close());
    // Beneficiaries asks finance and identity for a child's data export (expenses, audit entries) long after start;
    // identity asks beneficiaries whether a beneficiary user's child exists, also only once a user is saved.
    const financePort = await freePort();
    const beneficiariesPort = await freePort();
    const identity = await startIdentityService(
      parseIdentityConfig({
        ...common,
        DATABASE_URL: pg.urlFor('identity'),
        BENEFICIARIES_URL: `http://127.0.0.1:${beneficiariesPort}`,
      }),
      { ...deps, sessionRevocations },
    );
    stops.push(() => identity.close());
    const beneficiaries = await startBeneficiariesService(
      parseBeneficiariesConfig({
        ...common,
        PORT: String(beneficiariesPort),
        DATABASE_URL: pg.urlFor('beneficiaries'),
        FINANCE_URL: `http://127.0.0.1:${financePort}`,
        IDENTITY_URL: identity.url,
      }),
      deps,
    );
    stops.push(() => beneficiaries.close());
    // Finance asks beneficiaries whether an expense's child exists, and identity for report authors' names.
    const finance = await startFinanceService(
      parseFinanceConfig({
        ...common,
        PORT: String(financePort),
        DATABASE_URL: pg.urlFor('finance'),
        BENEFICIARIES_URL: beneficiaries.url,
        IDENTITY_URL: identity.url,
      }),
      deps,
    );
    stops.push(() => finance.close());
    const gatewayConfig = parseGatewayConfig({
      ...env,
      PORT: String(cfg.PORT),
      HOST: cfg.HOST,
      INTERNAL_SECRET: state.internalSecret,
      IDENTITY_URL: identity.url,
      BENEFICIARIES_URL: beneficiaries.url,
      FINANCE_URL: finance.url,
      // Session notices come through the shared in-process channel, never NATS.
      NATS_URL: undefined,
    });
    const gateway = await startGateway(gatewayConfig, { shutdownHooks: false, sessionRevocations });
    stops.push(() => gateway.close());
    // Lines written outside a request or an event (start-up, jobs) are the process's own; the rest name their service.
    useProcessLogger(PROCESS_NAME, gatewayConfig.LOG_LEVEL);
    return { url: gateway.url, metricsUrl: gateway.metricsUrl, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

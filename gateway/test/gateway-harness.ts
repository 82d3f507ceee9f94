import { InProcessSessionRevocations } from '@kcf/server-kit';
import { parseGatewayConfig, startGateway, type RunningGateway } from '../src';
import { createStaticFixtures, type StaticFixtures } from './static-fixtures';
import { SECRET, startEchoService, startIdentityStandIn, internalRoute, type IdentityStandIn, type Route, type StandIn } from './stand-ins';

export interface GatewayHarness {
  gateway: RunningGateway;
  url: string;
  identity: IdentityStandIn;
  beneficiaries: StandIn;
  finance: StandIn;
  files: StaticFixtures;
  stop(): Promise<void>;
}

export const BENEFICIARY_STATS = { totalBeneficiaries: 42, activeInSchool: 37, specialNeeds: 5 };
export const FINANCE_STATS = { totalDonations: '150000.00', totalExpenses: '42500.50', netBalance: '107499.50' };

/** Routes a test adds to a stand-in service (checked before its own). */
export interface ExtraRoutes {
  identity?: Route[];
  beneficiaries?: Route[];
  finance?: Route[];
}

/** Stand-in services, built-looking static folders and a real gateway in front of them. */
export async function startHarness(env: Record<string, string> = {}, extra: ExtraRoutes = {}): Promise<GatewayHarness> {
  const identity = await startIdentityStandIn(extra.identity);
  const beneficiaries = await startEchoService('beneficiaries', [
    ...(extra.beneficiaries ?? []),
    internalRoute('GET', '/internal/stats', () => ({ status: 200, body: BENEFICIARY_STATS })),
  ]);
  const finance = await startEchoService('finance', [
    ...(extra.finance ?? []),
    internalRoute('GET', '/internal/stats', () => ({ status: 200, body: FINANCE_STATS })),
  ]);
  const files = createStaticFixtures();
  const gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      INTERNAL_SECRET: SECRET,
      IDENTITY_URL: identity.url,
      BENEFICIARIES_URL: beneficiaries.url,
      FINANCE_URL: finance.url,
      SHELL_DIR: files.shell,
      REMOTES_DIR_BENEFICIARIES: files.remote('beneficiaries'),
      REMOTES_DIR_FINANCE: files.remote('finance'),
      REMOTES_DIR_ADMIN: files.remote('admin'),
      LOG_LEVEL: 'error',
      ...env,
    }),
    // Identity's session notices in-process: the gateway caches sessions only while it hears them.
    { shutdownHooks: false, sessionRevocations: new InProcessSessionRevocations() },
  );
  return {
    gateway,
    url: gateway.url,
    identity,
    beneficiaries,
    finance,
    files,
    async stop() {
      await gateway.close();
      await Promise.all([identity.close(), beneficiaries.close(), finance.close()]);
      files.cleanup();
    },
  };
}

import { parseGatewayConfig, startGateway, type RunningGateway } from '../src';
import { createStaticFixtures, type StaticFixtures } from './static-fixtures';
import { SECRET, startEchoService, startIdentityStandIn, internalRoute, type IdentityStandIn, type StandIn } from './stand-ins';

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

/** Stand-in services, built-looking static folders and a real gateway in front of them. */
export async function startHarness(env: Record<string, string> = {}): Promise<GatewayHarness> {
  const identity = await startIdentityStandIn();
  const beneficiaries = await startEchoService('beneficiaries', [
    internalRoute('GET', '/internal/stats', () => ({ status: 200, body: BENEFICIARY_STATS })),
  ]);
  const finance = await startEchoService('finance', [internalRoute('GET', '/internal/stats', () => ({ status: 200, body: FINANCE_STATS }))]);
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
    { shutdownHooks: false },
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

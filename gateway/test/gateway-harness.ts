import { InProcessSessionRevocations } from '@kcf/server-kit/sessions';
import { parseGatewayConfig, startGateway, type RunningGateway } from '../src';
import { createStaticFixtures, type StaticFixtures } from './static-fixtures';
import type { UserContext } from '@kcf/server-kit/http';
import {
  SECRET,
  startEchoService,
  startIdentityStandIn,
  internalRoute,
  userRoute,
  type IdentityStandIn,
  type Route,
  type StandIn,
} from './stand-ins';

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
export const CONSENT_OVERVIEW = {
  registrationMissing: 3,
  photosMissing: 4,
  expiring: [{ beneficiaryId: 'KCF-000002', fullName: 'Child 2', purpose: 'medical', expiresOn: '2026-03-20' }],
  expiringTotal: 1,
};

/** A budget row as svc-finance's list sends it (the dashboard keeps id, term, year, category and amounts). */
export function budgetRow(
  id: string,
  year: number,
  quarter: string,
  category: string,
  plannedAmount: string,
  usedAmount: string,
) {
  const at = '2025-01-10T08:00:00.000Z';
  return {
    id,
    quarter,
    year,
    category,
    plannedAmount,
    usedAmount,
    notes: 'termly plan',
    createdBy: 'Grace',
    createdAt: at,
    updatedAt: at,
  };
}

/** A row of svc-beneficiaries' list (the dashboard keeps id, name, photo links, isActive and createdAt). */
export function childRow(n: number) {
  const id = `KCF-${String(n).padStart(6, '0')}`;
  return {
    id,
    fullName: `Child ${n}`,
    dateOfBirth: '2014-02-01',
    age: 11,
    homeVillage: 'Shinyalu',
    subCounty: 'Shinyalu',
    county: 'kakamega',
    guardianName: 'Rose Atieno',
    guardianPhone: '0722 000 111',
    schoolName: 'Shinyalu Primary',
    gradeLevel: 'grade_5',
    isActive: n % 2 === 1,
    photoUrl: n === 1 ? `/api/beneficiaries/${id}/photo` : null,
    photoContentType: n === 1 ? 'image/png' : null,
    photoThumbnailUrl: n === 1 ? `/api/beneficiaries/${id}/photo/thumbnail` : null,
    birthCertificateUrl: null,
    specialNeeds: null,
    hasSpecialNeeds: false,
    createdBy: 'u-admin',
    createdAt: `2025-03-${String(20 - n).padStart(2, '0')}T08:00:00.000Z`,
    updatedAt: `2025-03-${String(20 - n).padStart(2, '0')}T08:00:00.000Z`,
  };
}

/** What the dashboard's public-route stand-ins were asked, and by whom. */
export interface DashboardCall {
  url: string;
  user: UserContext;
}

/**
 * svc-finance's GET /api/budgets and svc-beneficiaries' GET /api/beneficiaries as the dashboard uses them:
 * the budgets of the year and term asked for (staff only, as the service's 'read' level), and the newest
 * `limit` children (a beneficiary user sees only its own). `refuse(user)` makes either answer 403 for someone.
 */
export function dashboardRoutes(
  options: { refuse?: (user: UserContext, part: 'budgets' | 'beneficiaries') => boolean } = {},
) {
  const budgetCalls: DashboardCall[] = [];
  const childCalls: DashboardCall[] = [];
  const staff = new Set(['viewer', 'admin', 'superadmin']);
  const finance: Route[] = [
    userRoute('GET', '/api/budgets', (user, url) => {
      budgetCalls.push({ url: url.pathname + url.search, user });
      if (!staff.has(user.role) || options.refuse?.(user, 'budgets'))
        return { status: 403, body: { message: 'Forbidden' } };
      const year = Number(url.searchParams.get('year'));
      const quarter = url.searchParams.get('quarter') ?? 'Term 1';
      return {
        status: 200,
        body: [
          budgetRow('b1', year, quarter, 'school_fees', '2000.00', '2500.00'),
          budgetRow('b2', year, quarter, 'health', '5000.00', '0.00'),
        ],
      };
    }),
  ];
  const beneficiaries: Route[] = [
    userRoute('GET', '/api/beneficiaries', (user, url) => {
      childCalls.push({ url: url.pathname + url.search, user });
      if (options.refuse?.(user, 'beneficiaries')) return { status: 403, body: { message: 'Forbidden' } };
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const all = [1, 2, 3, 4, 5, 6, 7].map(childRow);
      const visible = user.role === 'beneficiary' ? all.filter((c) => c.id === user.beneficiaryId) : all;
      return { status: 200, body: visible.slice(0, limit) };
    }),
  ];
  return { finance, beneficiaries, budgetCalls, childCalls };
}

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
    internalRoute('GET', '/internal/consents/overview', () => ({ status: 200, body: CONSENT_OVERVIEW })),
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

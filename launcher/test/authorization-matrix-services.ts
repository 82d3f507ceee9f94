import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  InProcessEventBus,
  listRoutes,
  signUserContext,
  systemContext,
  type RouteInfo,
  type RunningService,
  type UserContext,
} from '@kcf/server-kit';
import { createTestDatabase, type TestDatabase } from '@kcf/testing';
// jest maps the services' package names to their source, not their built `dist/`: the matrix must see the
// routes as they are now.
import { parseIdentityConfig, startIdentityService } from '@kcf/svc-identity';
import { parseBeneficiariesConfig, startBeneficiariesService } from '@kcf/svc-beneficiaries';
import { parseFinanceConfig, startFinanceService } from '@kcf/svc-finance';

export const SECRET = 'authorization-matrix-secret-'.padEnd(48, 'x');
export const ROOT = { username: 'root', password: 'Str0ng!Pass' };

export interface ServiceUnderTest {
  name: string;
  service: RunningService;
  routes: RouteInfo[];
}

/** Real users of every role (their ids exist in identity), so signed-in routes see real accounts. */
export interface MatrixUsers {
  viewer: UserContext;
  admin: UserContext;
  superadmin: UserContext;
  beneficiary: UserContext;
}

export interface AllServices {
  services: ServiceUnderTest[];
  users: MatrixUsers;
  /** svc-identity's database (to see when an event from another service has been handled). */
  identityDbUrl: string;
  /** The three services' databases: identity, beneficiaries, finance. */
  databaseUrls: string[];
  stop(): Promise<void>;
}

export const sign = (ctx: UserContext) => signUserContext(ctx, SECRET);
export const systemCaller = () => signUserContext(systemContext('gateway'), SECRET);

/**
 * The three domain services as the one-process mode runs them: each on a loopback port with a fresh
 * database on the real PostgreSQL, files on a temporary disk, events on one shared in-process bus.
 */
export async function startAllServices(): Promise<AllServices> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  };
  try {
    const dataDir = await mkdtemp(join(tmpdir(), 'kcf-matrix-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const bus = new InProcessEventBus();
    cleanups.push(() => bus.close());
    const db = async (name: string): Promise<TestDatabase> => {
      const d = await createTestDatabase(`matrix_${name}`);
      cleanups.push(() => d.drop());
      return d;
    };
    const common = {
      INTERNAL_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      OUTBOX_POLL_MS: '200',
    };
    const deps = { shutdownHooks: false, inProcessBus: bus };
    const [identityDb, beneficiariesDb, financeDb] = await Promise.all([
      db('identity'),
      db('beneficiaries'),
      db('finance'),
    ]);

    const started = async (name: string, service: Promise<RunningService>): Promise<ServiceUnderTest> => {
      const s = await service;
      cleanups.push(() => s.close());
      return { name, service: s, routes: listRoutes(s.app) };
    };
    const beneficiaries = await started(
      'svc-beneficiaries',
      startBeneficiariesService(parseBeneficiariesConfig({ ...common, DATABASE_URL: beneficiariesDb.url }), deps),
    );
    // Identity checks a beneficiary user's child with beneficiaries.
    const identity = await started(
      'svc-identity',
      startIdentityService(
        parseIdentityConfig({
          ...common,
          DATABASE_URL: identityDb.url,
          ADMIN_USERNAME: ROOT.username,
          ADMIN_PASSWORD: ROOT.password,
          BENEFICIARIES_URL: beneficiaries.service.url,
        }),
        deps,
      ),
    );
    const finance = await started(
      'svc-finance',
      startFinanceService(
        parseFinanceConfig({ ...common, DATABASE_URL: financeDb.url, BENEFICIARIES_URL: beneficiaries.service.url }),
        deps,
      ),
    );
    const users = await createMatrixUsers(identity.service.url, beneficiaries.service.url);
    return {
      services: [identity, beneficiaries, finance],
      users,
      identityDbUrl: identityDb.url,
      databaseUrls: [identityDb.url, beneficiariesDb.url, financeDb.url],
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function createMatrixUsers(identityUrl: string, beneficiariesUrl: string): Promise<MatrixUsers> {
  const login = await fetch(`${identityUrl}/api/login/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ROOT),
  });
  if (!login.ok) throw new Error(`root login: ${login.status}`);
  const rootId = ((await login.json()) as { user: { id: string } }).user.id;
  const context = (userId: string, role: UserContext['role'], beneficiaryId: string | null = null): UserContext => ({
    userId,
    role,
    sessionId: `matrix-${role}`,
    beneficiaryId,
    mustChangePassword: false,
  });
  const superadmin = context(rootId, 'superadmin');
  const create = async (username: string, role: string, beneficiaryId?: string) => {
    const res = await fetch(`${identityUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sign(superadmin) },
      body: JSON.stringify({
        firstName: 'Matrix',
        lastName: role,
        username,
        password: 'Temp!pass1',
        role,
        beneficiaryId,
      }),
    });
    if (res.status !== 201) throw new Error(`create ${role}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  // The beneficiary user's child, registered in beneficiaries first (identity checks that it exists).
  const registered = await fetch(`${beneficiariesUrl}/api/beneficiaries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sign(superadmin) },
    body: JSON.stringify({
      fullName: 'Matrix Child',
      dateOfBirth: '2014-03-09',
      homeVillage: 'Shinyalu',
      subCounty: 'Lurambi',
      county: 'kakamega',
      guardianName: 'Matrix Guardian',
      guardianPhone: '0712345678',
      schoolName: 'Shinyalu Primary',
      gradeLevel: 'grade_4',
    }),
  });
  if (registered.status !== 201) throw new Error(`register the child: ${registered.status} ${await registered.text()}`);
  const childId = ((await registered.json()) as { id: string }).id;
  return {
    superadmin,
    viewer: context(await create('mviewer', 'viewer'), 'viewer'),
    admin: context(await create('madmin', 'admin'), 'admin'),
    beneficiary: context(await create('mchild', 'beneficiary', childId), 'beneficiary', childId),
  };
}

import { createTestDatabase, type TestDatabase } from '@kcf/testing';
import { ManualClock, signUserContext, systemContext, type RunningService, type UserContext } from '@kcf/server-kit';
import { parseIdentityConfig, startIdentityService, type IdentityConfig } from '../src';

export const SECRET = 'test-secret-'.padEnd(48, 'x');
export const ADMIN = { username: 'root', password: 'Str0ng!Pass' };

export interface IdentityHarness {
  service: RunningService;
  db: TestDatabase;
  clock: ManualClock;
  config: IdentityConfig;
  stop(): Promise<void>;
}

/** svc-identity on a random port against a fresh database on the real PostgreSQL. */
export async function startIdentity(env: Record<string, string> = {}): Promise<IdentityHarness> {
  const db = await createTestDatabase('identity');
  const clock = new ManualClock(new Date('2026-03-02T08:00:00Z'));
  const config = parseIdentityConfig({
    DATABASE_URL: db.url,
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    ...env,
  });
  const service = await startIdentityService(config, { shutdownHooks: false, clock });
  return {
    service,
    db,
    clock,
    config,
    async stop() {
      await service.close();
      await db.drop();
    },
  };
}

export const asSystem = () => signUserContext(systemContext('gateway'), SECRET);
export const asUser = (ctx: Partial<UserContext> & Pick<UserContext, 'userId' | 'role'>) =>
  signUserContext({ sessionId: 's', beneficiaryId: null, mustChangePassword: false, ...ctx }, SECRET);

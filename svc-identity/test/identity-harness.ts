import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@kcf/testing';
import {
  InProcessEventBus,
  ManualClock,
  signUserContext,
  systemContext,
  type RunningService,
  type UserContext,
} from '@kcf/server-kit';
import type { Role } from '@kcf/contracts';
import { parseIdentityConfig, startIdentityService, type IdentityConfig } from '../src';
import { startChildrenService, type BeneficiariesService } from './beneficiaries-service';

export const SECRET = 'test-secret-'.padEnd(48, 'x');
export const ADMIN = { username: 'root', password: 'Str0ng!Pass' };

export interface IdentityHarness {
  service: RunningService;
  url: string;
  db: TestDatabase;
  clock: ManualClock;
  config: IdentityConfig;
  bus: InProcessEventBus;
  /** The real svc-beneficiaries identity checks linked children against, when asked for (`children`). */
  beneficiaries: BeneficiariesService | null;
  /** The ids of the children that service holds. */
  children: string[];
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Starts a real svc-beneficiaries first, holding this many children, as identity's BENEFICIARIES_URL. */
  children?: number;
}

/** svc-identity on a random port against a fresh database on the real PostgreSQL, with its own in-process bus. */
export async function startIdentity(
  env: Record<string, string> = {},
  options: HarnessOptions = {},
): Promise<IdentityHarness> {
  const beneficiaries = options.children === undefined ? null : await startChildrenService(SECRET, options.children);
  const db = await createTestDatabase('identity');
  const clock = new ManualClock(new Date('2026-03-02T08:00:00Z'));
  // No de-duplication window: a repeated event reaches the consumer, which must itself handle it once.
  const bus = new InProcessEventBus({ retryDelayMs: 50, duplicateWindowMs: 0 });
  const config = parseIdentityConfig({
    DATABASE_URL: db.url,
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    OUTBOX_POLL_MS: '50',
    ...(beneficiaries ? { BENEFICIARIES_URL: beneficiaries.url } : {}),
    ...env,
  });
  let service: RunningService;
  try {
    // With NATS configured the service makes (and must close) its own JetStream bus.
    service = await startIdentityService(config, {
      shutdownHooks: false,
      clock,
      inProcessBus: config.NATS_URL ? undefined : bus,
    });
  } catch (e) {
    await db.drop();
    await beneficiaries?.stop();
    throw e;
  }
  return {
    service,
    url: service.url,
    db,
    clock,
    config,
    bus,
    beneficiaries,
    children: beneficiaries?.children ?? [],
    async stop() {
      await service.close();
      await bus.close();
      await db.drop();
      await beneficiaries?.stop();
    },
  };
}

export const asSystem = () => signUserContext(systemContext('gateway'), SECRET);
export const asUser = (ctx: Partial<UserContext> & Pick<UserContext, 'userId' | 'role'>) =>
  signUserContext({ sessionId: 's', beneficiaryId: null, mustChangePassword: false, ...ctx }, SECRET);

/** The session cookie a response set (`kcf_sid=...`, without attributes). */
export function sessionCookieOf(res: request.Response): string {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const c = raw.find((v) => v.startsWith('kcf_sid=') && !v.startsWith('kcf_sid=;'));
  if (!c) throw new Error(`no session cookie in ${res.status} answer`);
  return c.split(';')[0];
}
export const tokenOf = (cookie: string) => cookie.slice('kcf_sid='.length);

export interface SignedIn {
  cookie: string;
  token: string;
  user: { id: string; role: Role; mustChangePassword: boolean; beneficiaryId: string | null; username: string };
}

export async function login(h: IdentityHarness, username: string, password: string): Promise<SignedIn> {
  const res = await request(h.url).post('/api/login/local').send({ username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = sessionCookieOf(res);
  return { cookie, token: tokenOf(cookie), user: res.body.user };
}

/**
 * What the gateway does for every request: resolves the session with identity and signs the context
 * from the answer. Null when the session is dead (the gateway then sends no context: 401).
 */
export async function contextFor(h: IdentityHarness, token: string): Promise<Record<string, string> | null> {
  const res = await request(h.url).post('/internal/sessions/resolve').set(asSystem()).send({ sessionId: token });
  if (res.status === 401) return null;
  if (res.status !== 200) throw new Error(`resolve: ${res.status}`);
  const { user, sessionId } = res.body;
  return signUserContext(
    {
      userId: user.id,
      role: user.role,
      sessionId,
      beneficiaryId: user.beneficiaryId,
      mustChangePassword: user.mustChangePassword,
      // As the gateway signs them: what the audit trail records of the user.
      username: user.username,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
    },
    SECRET,
  );
}

/** Whether a session token is still alive on the server. */
export async function isAlive(h: IdentityHarness, token: string): Promise<boolean> {
  return (await contextFor(h, token)) !== null;
}

export const asRoot = async (h: IdentityHarness) =>
  (await contextFor(h, (await login(h, ADMIN.username, ADMIN.password)).token))!;

export interface NewUser {
  firstName?: string;
  lastName?: string;
  username: string;
  password?: string;
  role?: Role;
  email?: string;
  beneficiaryId?: string;
}

/** Creates a user as the superadmin; returns its public shape. */
export async function createUser(h: IdentityHarness, root: Record<string, string>, user: NewUser) {
  const res = await request(h.url)
    .post('/api/users')
    .set(root)
    .send({ firstName: 'Test', lastName: 'User', password: 'Temp!pass1', role: 'viewer', ...user });
  if (res.status !== 201) throw new Error(`create ${user.username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as SignedIn['user'] & { id: string };
}

/** A user created by the superadmin that has changed its temporary password: ready to work. */
export async function createActiveUser(
  h: IdentityHarness,
  root: Record<string, string>,
  user: NewUser & { password: string },
) {
  const created = await createUser(h, root, { ...user, password: 'Temp!pass1' });
  const first = await login(h, user.username, 'Temp!pass1');
  const ctx = (await contextFor(h, first.token))!;
  await request(h.url)
    .put('/api/auth/change-password')
    .set(ctx)
    .send({ currentPassword: 'Temp!pass1', newPassword: user.password })
    .expect(200);
  return created;
}

/** Polls until `check` holds (events are handled asynchronously). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

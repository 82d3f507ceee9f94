import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createEvent, type EventDefinition, type EventOf, type EventPayload, type Role } from '@kcf/contracts';
import {
  JetStreamEventBus,
  ManualClock,
  signUserContext,
  systemContext,
  type RunningService,
  type UserContext,
} from '@kcf/server-kit';
import {
  createTestDatabase,
  startNatsServer,
  startS3rver,
  uniqueName,
  type TestDatabase,
  type TestNatsServer,
  type TestS3Server,
} from '@kcf/testing';
import { parseFinanceConfig, startFinanceService, type FinanceConfig } from '../src';
import { startStandInServices, type StandInServices } from './stand-in-services';

export const SECRET = 'finance-test-secret-'.padEnd(48, 'x');

/** One signed-in user per role; the identity stand-in knows their names. */
export const USERS: Record<Role, { id: string; firstName: string; lastName: string; username: string }> = {
  superadmin: { id: 'u-super', firstName: 'System', lastName: 'Administrator', username: 'root' },
  admin: { id: 'u-admin', firstName: 'Amina', lastName: 'Wekesa', username: 'amina' },
  viewer: { id: 'u-viewer', firstName: 'Otieno', lastName: 'Barasa', username: 'otieno' },
  beneficiary: { id: 'u-child', firstName: 'Kevin', lastName: 'Were', username: 'kevin' },
};

export interface FinanceHarness {
  url: string;
  config: FinanceConfig;
  env: Record<string, string>;
  clock: ManualClock;
  db: TestDatabase;
  nats: TestNatsServer;
  s3: TestS3Server;
  others: StandInServices;
  /** The running service (its Nest app), while it runs. */
  readonly service: RunningService;
  /** A direct connection to the service's database, for assertions. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Signed-context headers of a user of `role`. */
  as(role: Role, extra?: Partial<UserContext>): Record<string, string>;
  asSystem(): Record<string, string>;
  /** Publishes on the service's stream as another service would. Returns the envelope. */
  publish<D extends EventDefinition>(definition: D, payload: EventPayload<D>, id?: string): Promise<EventOf<D>>;
  /** Stops and starts the service (same database, NATS and bucket). */
  restartService(): Promise<void>;
  stopService(): Promise<void>;
  startService(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * svc-finance on a random port with a fresh database on the real PostgreSQL, its own NATS JetStream server
 * process (which tests may restart), an s3rver bucket, and stand-ins for svc-beneficiaries and svc-identity.
 */
export async function startFinance(
  options: { clock?: Date; env?: Record<string, string> } = {},
): Promise<FinanceHarness> {
  const db = await createTestDatabase('finance');
  const nats = await startNatsServer();
  const s3 = await startS3rver({ createBucket: true });
  const others = await startStandInServices(SECRET);
  const dataDir = await mkdtemp(join(tmpdir(), 'kcf-finance-'));
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  for (const user of Object.values(USERS)) others.users.set(user.id, user);
  const clock = new ManualClock(options.clock ?? new Date('2026-11-02T08:00:00Z'));
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    NATS_URL: nats.url,
    NATS_STREAM: uniqueName('FIN').replace(/-/g, '_').toUpperCase(),
    NATS_SUBJECT_PREFIX: uniqueName('fin').replace(/-/g, '_').toLowerCase(),
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    BENEFICIARIES_URL: others.url,
    IDENTITY_URL: others.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.FINANCE_TEST_LOG ?? 'error',
    OUTBOX_POLL_MS: '100',
    ...options.env,
  };
  const config = parseFinanceConfig(env);
  let service: RunningService | undefined;
  let publisher: JetStreamEventBus | undefined;

  const harness: FinanceHarness = {
    url: '',
    config,
    env,
    clock,
    db,
    nats,
    s3,
    others,
    get service() {
      if (!service) throw new Error('svc-finance is not running');
      return service;
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await pg.query(text, params)).rows as T[];
    },
    as(role, extra = {}) {
      return signUserContext(
        { userId: USERS[role].id, role, sessionId: 's', beneficiaryId: null, mustChangePassword: false, ...extra },
        SECRET,
      );
    },
    asSystem: () => signUserContext(systemContext('gateway'), SECRET),
    async publish(definition, payload, id = randomUUID()) {
      publisher ??= await JetStreamEventBus.connect({
        servers: nats.url,
        streamName: config.NATS_STREAM,
        subjectPrefix: config.NATS_SUBJECT_PREFIX,
      });
      const envelope = createEvent(definition, payload, { id, occurredAt: new Date() });
      await publisher.publish(envelope);
      return envelope;
    },
    async startService() {
      service = await startFinanceService(config, { shutdownHooks: false, clock });
      harness.url = service.url;
    },
    async stopService() {
      await service?.close();
      service = undefined;
    },
    async restartService() {
      await harness.stopService();
      await harness.startService();
    },
    async stop() {
      await service?.close().catch(() => undefined);
      await publisher?.close().catch(() => undefined);
      await pg.end().catch(() => undefined);
      await others.stop();
      await s3.stop();
      await nats.stop();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await harness.startService();
  } catch (error) {
    await harness.stop();
    throw error;
  }
  return harness;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Smallest valid files of each kind, recognised by their bytes. */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f5e5c70000000049454e44ae426082',
    'hex',
  ),
  jpg: Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.alloc(32),
    Buffer.from('ffd9', 'hex'),
  ]),
  text: Buffer.from('just some text pretending to be a receipt'),
  /** An HTML page named like a PDF. */
  html: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
};

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as MinioClient } from 'minio';
import { Client as PgClient } from 'pg';
import request from 'supertest';
import { createTestDatabase, startS3rver, type TestDatabase, type TestS3Server } from '@kcf/testing';
import { ManualClock, signUserContext, systemContext, type RunningService, type UserContext } from '@kcf/server-kit';
import { parseBeneficiariesConfig, startBeneficiariesService } from '../src';

export const SECRET = 'beneficiaries-test-secret-'.padEnd(48, 'x');

/** Staff users as the gateway vouches for them: id, role, and the username and display name the audit trail records. */
export const USERS = {
  superadmin: {
    userId: '6a1c2f0e-0000-4000-8000-000000000001',
    role: 'superadmin',
    username: 'superadmin',
    name: 'Grace Achieng',
  },
  admin: { userId: '6a1c2f0e-0000-4000-8000-000000000002', role: 'admin', username: 'mwanjiku', name: 'Mary Wanjiku' },
  viewer: { userId: '6a1c2f0e-0000-4000-8000-000000000003', role: 'viewer', username: 'pkamau', name: 'Peter Kamau' },
} as const satisfies Record<string, Pick<UserContext, 'userId' | 'role' | 'username' | 'name'>>;

export type StaffRole = keyof typeof USERS;

/** Signed-context headers of a staff user, as the gateway sends them. */
export const as = (role: StaffRole) => sign({ ...USERS[role] });
/** A beneficiary user linked to `beneficiaryId`. */
export const asBeneficiary = (beneficiaryId: string | null) =>
  sign({ userId: '6a1c2f0e-0000-4000-8000-0000000000b1', role: 'beneficiary', beneficiaryId });
export const asSystem = () => signUserContext(systemContext('gateway'), SECRET);

function sign(ctx: Partial<UserContext> & Pick<UserContext, 'userId' | 'role'>) {
  return signUserContext({ sessionId: 's', beneficiaryId: null, mustChangePassword: false, ...ctx }, SECRET);
}

export interface Harness {
  url: string;
  service: RunningService;
  db: TestDatabase;
  s3: TestS3Server;
  clock: ManualClock;
  /** Direct SQL on the service's database (assertions only). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Every key in the bucket. */
  objects(): Promise<string[]>;
  stop(): Promise<void>;
}

/** svc-beneficiaries on a random port against a fresh database on the real PostgreSQL and an S3 server; `env` adds settings. */
export async function startBeneficiaries(env: Record<string, string> = {}): Promise<Harness> {
  const db = await createTestDatabase('beneficiaries');
  const s3 = await startS3rver({ createBucket: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'kcf-beneficiaries-test-'));
  const clock = new ManualClock(new Date('2026-03-02T08:00:00Z'));
  const config = parseBeneficiariesConfig({
    DATABASE_URL: db.url,
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    OUTBOX_POLL_MS: '50',
    ...env,
  });
  const service = await startBeneficiariesService(config, { shutdownHooks: false, clock });
  const pg = new PgClient({ connectionString: db.url });
  await pg.connect();
  const minio = new MinioClient({
    endPoint: s3.endpoint,
    port: s3.port,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    pathStyle: true,
  });
  return {
    url: service.url,
    service,
    db,
    s3,
    clock,
    async sql<T>(text: string, params: unknown[] = []) {
      return (await pg.query(text, params)).rows as T[];
    },
    objects() {
      return new Promise<string[]>((resolve, reject) => {
        const keys: string[] = [];
        const stream = minio.listObjectsV2(s3.bucket, '', true);
        stream.on('data', (item: { name?: string }) => item.name && keys.push(item.name));
        stream.on('error', reject);
        stream.on('end', () => resolve(keys.sort()));
      });
    },
    async stop() {
      await pg.end();
      await service.close();
      await db.drop();
      await s3.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Photos (internal) consent as staff record it: a child's photo is taken and shown only while it is granted. */
export const PHOTOS_GRANT = {
  state: 'granted',
  givenBy: 'Mary Wanjala',
  relationship: 'Mother',
  method: 'signed_form',
  date: '2026-02-01',
} as const;

/** Grants the child's Photos (internal) consent (as an admin), so that a photo of it may be added. */
export async function grantPhotoConsent(url: string, beneficiaryId: string): Promise<void> {
  await request(url)
    .put(`/api/beneficiaries/${beneficiaryId}/consents/photos_internal`)
    .set(as('admin'))
    .send(PHOTOS_GRANT)
    .expect(200);
}

/** The form of a valid child, as the dialog sends it (multipart fields are strings). */
export function childForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    fullName: 'Baraka Wanjala',
    dateOfBirth: '2014-03-09',
    homeVillage: 'Shinyalu',
    subCounty: 'Lurambi',
    county: 'kakamega',
    guardianName: 'Mary Wanjala',
    guardianPhone: '0712345678',
    schoolName: 'Shinyalu Primary',
    gradeLevel: 'grade_4',
    ...overrides,
  };
}

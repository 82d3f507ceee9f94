import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as MinioClient } from 'minio';
import { Client } from 'pg';
import { parseGatewayConfig, startGateway, type RunningGateway } from '@kcf/gateway';
import { freePort, verifyAuditChain, type RunningService } from '@kcf/server-kit';
import {
  createTestDatabase,
  rowsHolding,
  rowVersionsHolding,
  startNatsServer,
  startS3rver,
  uniqueName,
  type FoundText,
  type TestDatabase,
  type TestNatsServer,
  type TestS3Server,
  type TextSearch,
} from '@kcf/testing';
import { parseBeneficiariesConfig, startBeneficiariesService } from '@kcf/svc-beneficiaries';
import { parseIdentityConfig, startIdentityService } from '@kcf/svc-identity';
import { callGateway, signInAt, type Answer, type CallOptions } from './gateway-calls';

/**
 * A child's erasure across the product, on PostgreSQL, NATS JetStream and an S3 server: identity and
 * beneficiaries in this process, svc-finance as its own process (the built dist/main.js, its receipts on local
 * disk), killed with SIGKILL before the erasure is asked and started again once the other domains are done.
 * Afterwards no row of any service's database — live, or a version left by an update or a delete (the heap read
 * with pageinspect, after the erasure's VACUUM) — and no stored object or file holds the child's id, its name or
 * a word of it, the guardian's name, the guardian account's name or the guardian's phone number written any way;
 * the receipt of the child's expense is gone, the expenses still sum to the budgets, the guardian's account and
 * sessions are gone, its data request names it "erased", and every service's audit chain verifies.
 */
jest.setTimeout(240_000);

const SECRET = 'erasure-test-secret-'.padEnd(48, 'x');
const ROOT = { username: 'root', password: 'Str0ng!Pass' };
const FINANCE_MAIN = join(__dirname, '..', '..', 'svc-finance', 'dist', 'main.js');
const CHILD_NAME = 'Imani Chebet';
const GUARDIAN_NAME = 'Ruth Chebet';
/** The guardian's beneficiary account (first and last name). */
const ACCOUNT_NAME = 'Ruth Guardian';
const GUARDIAN_PHONE = '0733 999 888';

let nats: TestNatsServer;
let s3: TestS3Server;
let dbs: Record<'identity' | 'beneficiaries' | 'finance', TestDatabase>;
let dataDir: string;
const services: RunningService[] = [];
let finance: ChildProcess | undefined;
let financeEnv: Record<string, string>;
let financePort: number;
let gateway: RunningGateway;
let root: string;

async function startFinance(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [FINANCE_MAIN], {
    env: { ...process.env, ...financeEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await until(
    `svc-finance ready (${stderr})`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`svc-finance exited with ${proc.exitCode}: ${stderr}`);
      return (await fetch(`http://127.0.0.1:${financePort}/health/ready`).catch(() => undefined))?.ok === true;
    },
    60_000,
  );
  return proc;
}

const killHard = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function query<T>(db: TestDatabase, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const call = (method: string, path: string, options?: CallOptions): Promise<Answer> =>
  callGateway(gateway.url, method, path, options);
const signIn = (username: string, password: string): Promise<string> => signInAt(gateway.url, username, password);

function expectStatus(answer: Answer, status: number): Answer {
  expect({ status: answer.status, body: answer.status === status ? undefined : (answer.body ?? answer.text) }).toEqual({
    status,
    body: undefined,
  });
  return answer;
}

const png = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const file = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

beforeAll(async () => {
  if (!existsSync(FINANCE_MAIN))
    throw new Error(`Build first (npx tsc -b tsconfig.build.json): ${FINANCE_MAIN} is missing`);
  nats = await startNatsServer();
  s3 = await startS3rver({ createBucket: true });
  dataDir = await mkdtemp(join(tmpdir(), 'kcf-erasure-'));
  dbs = {
    identity: await createTestDatabase('erasure_identity'),
    beneficiaries: await createTestDatabase('erasure_beneficiaries'),
    finance: await createTestDatabase('erasure_finance'),
  };
  const events = {
    NATS_URL: nats.url,
    NATS_STREAM: uniqueName('ERASURE').replace(/-/g, '_').toUpperCase(),
    NATS_SUBJECT_PREFIX: uniqueName('erasure').replace(/-/g, '_').toLowerCase(),
  };
  const common = {
    INTERNAL_SECRET: SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    OUTBOX_POLL_MS: '100',
    ...events,
  };
  const beneficiaries = await startBeneficiariesService(
    parseBeneficiariesConfig({
      ...common,
      DATABASE_URL: dbs.beneficiaries.url,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: s3.bucket,
    }),
    { shutdownHooks: false },
  );
  services.push(beneficiaries);
  // Identity checks the guardian's child with beneficiaries.
  const identity = await startIdentityService(
    parseIdentityConfig({
      ...common,
      DATABASE_URL: dbs.identity.url,
      ADMIN_USERNAME: ROOT.username,
      ADMIN_PASSWORD: ROOT.password,
      BENEFICIARIES_URL: beneficiaries.url,
    }),
    { shutdownHooks: false },
  );
  services.push(identity);
  financePort = await freePort();
  financeEnv = {
    ...common,
    PORT: String(financePort),
    DATABASE_URL: dbs.finance.url,
    BENEFICIARIES_URL: beneficiaries.url,
    IDENTITY_URL: identity.url,
  };
  finance = await startFinance();
  gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      INTERNAL_SECRET: SECRET,
      IDENTITY_URL: identity.url,
      BENEFICIARIES_URL: beneficiaries.url,
      FINANCE_URL: `http://127.0.0.1:${financePort}`,
      LOG_LEVEL: 'error',
    }),
    { shutdownHooks: false },
  );
  root = await signIn(ROOT.username, ROOT.password);
}, 120_000);

afterAll(async () => {
  await gateway?.close().catch(() => undefined);
  if (finance) await killHard(finance);
  for (const s of services.reverse()) await s.close().catch(() => undefined);
  for (const db of Object.values(dbs ?? {})) await db.drop().catch(() => undefined);
  await s3?.stop();
  await nats?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every key in the bucket. */
function objects(): Promise<string[]> {
  const minio = new MinioClient({
    endPoint: s3.endpoint,
    port: s3.port,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    pathStyle: true,
  });
  return new Promise((resolve, reject) => {
    const keys: string[] = [];
    const stream = minio.listObjectsV2(s3.bucket, '', true);
    stream.on('data', (item: { name?: string }) => item.name && keys.push(item.name));
    stream.on('error', reject);
    stream.on('end', () => resolve(keys.sort()));
  });
}

/** Every file under `dir` (finance's receipts on local disk), with its bytes. */
async function filesUnder(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path, bytes: await readFile(path) })));
}

/** The bytes of every object in the bucket. */
async function objectBytes(): Promise<{ key: string; bytes: Buffer }[]> {
  const minio = new MinioClient({
    endPoint: s3.endpoint,
    port: s3.port,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    pathStyle: true,
  });
  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await minio.getObject(s3.bucket, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  return Promise.all((await objects()).map(async (key) => ({ key, bytes: await read(key) })));
}

/** Whether `bytes` (as latin1 text) hold what `search` looks for. */
function holds(bytes: Buffer, search: TextSearch): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  const loose = text.replace(/[\s().-]/g, '');
  return (
    search.texts.some((t) => text.includes(t.toLowerCase())) || (search.digits ?? []).some((d) => loose.includes(d))
  );
}

const byTable = (found: FoundText[]) => found.map((f) => `${f.table}: ${f.row}`);

/** The term of today's date, and today, as the finance forms take them. */
function today(): { date: string; quarter: string; year: number } {
  const now = new Date();
  const month = now.getUTCMonth() + 1;
  return {
    date: now.toISOString().slice(0, 10),
    quarter: month <= 4 ? 'Term 1' : month <= 8 ? 'Term 2' : 'Term 3',
    year: now.getUTCFullYear(),
  };
}

it('erases a child from every domain, with svc-finance down while it runs', async () => {
  // ---- a child with everything hanging off it ----
  const form = new FormData();
  for (const [key, value] of Object.entries({
    fullName: CHILD_NAME,
    dateOfBirth: '2014-03-09',
    homeVillage: 'Shinyalu',
    subCounty: 'Lurambi',
    county: 'kakamega',
    guardianName: GUARDIAN_NAME,
    guardianPhone: GUARDIAN_PHONE,
    schoolName: 'Shinyalu Primary',
    gradeLevel: 'grade_4',
  })) {
    form.set(key, value);
  }
  form.set('birthCertificate', file(pdf(), 'application/pdf'), 'bc.pdf');
  const child = expectStatus(await call('POST', '/api/beneficiaries', { session: root, form }), 201).body as {
    id: string;
  };
  // A photo is taken only with the guardian's photo consent recorded.
  const photoConsent = {
    state: 'granted',
    givenBy: GUARDIAN_NAME,
    relationship: 'Mother',
    method: 'signed_form',
    date: '2026-01-15',
  };
  expectStatus(
    await call('PUT', `/api/beneficiaries/${child.id}/consents/photos_internal`, { session: root, json: photoConsent }),
    200,
  );
  const photo = new FormData();
  photo.set('photo', file(png(), 'image/png'), 'p.png');
  expectStatus(await call('POST', `/api/beneficiaries/${child.id}/photo`, { session: root, form: photo }), 200);
  const document = new FormData();
  document.set('documentType', 'academic');
  document.set('description', `Report form of ${CHILD_NAME}`);
  document.set('document', file(pdf(), 'application/pdf'), 'r.pdf');
  expectStatus(await call('POST', `/api/beneficiaries/${child.id}/documents`, { session: root, form: document }), 201);
  const gift = new FormData();
  for (const [key, value] of Object.entries({
    beneficiaryId: child.id,
    giftType: 'special',
    amount: '100',
    description: `Books for ${CHILD_NAME}`,
    contents: 'Two books',
    dateGiven: '2025-06-01',
  }))
    gift.set(key, value);
  gift.set('giftPhoto', file(png(), 'image/png'), 'g.png');
  expectStatus(await call('POST', '/api/gifts', { session: root, form: gift }), 201);
  expectStatus(
    await call('POST', `/api/beneficiaries/${child.id}/special-needs`, {
      session: root,
      json: { category: 'food', description: 'Lunch', status: 'active', dateIdentified: '2025-01-01' },
    }),
    201,
  );
  expectStatus(
    await call('POST', `/api/beneficiaries/${child.id}/household-members`, {
      session: root,
      json: { name: 'Brother', relationship: 'Brother', age: 3 },
    }),
    201,
  );
  expectStatus(await call('GET', `/api/beneficiaries/${child.id}`, { session: root }), 200);
  // A staff member looks the child up by its first name: the search is in the audit trail.
  expectStatus(await call('GET', '/api/beneficiaries?search=Imani', { session: root }), 200);

  // ---- budgets and expenses, two of them linked to the child and naming it ----
  const { date, quarter, year } = today();
  for (const category of ['school_fees', 'health']) {
    expectStatus(
      await call('POST', '/api/budgets', {
        session: root,
        json: { category, quarter, year, plannedAmount: '10000', notes: `Term plan` },
      }),
      201,
    );
  }
  expectStatus(
    await call('POST', '/api/income', { session: root, json: { amount: '50000.00', source: 'Donor', date } }),
    201,
  );
  expectStatus(
    await call('POST', '/api/income', {
      session: root,
      json: { amount: '700.00', source: 'M-Pesa', date, remarks: 'Paid in by the guardian, 254-733-999-888' },
    }),
    201,
  );
  const expense = async (body: Record<string, string>, receipt?: Buffer) => {
    const f = new FormData();
    for (const [key, value] of Object.entries(body)) f.set(key, value);
    if (receipt) f.set('receipt', file(receipt, 'application/pdf'), 'fees.pdf');
    return expectStatus(await call('POST', '/api/expenses', { session: root, form: f }), 201).body as {
      id: string;
      receiptUrl: string | null;
    };
  };
  // The receipt names the child and the guardian's phone inside the file.
  const receipt = Buffer.concat([
    pdf(),
    Buffer.from(`% Received from ${GUARDIAN_NAME} (${GUARDIAN_PHONE}) for ${CHILD_NAME}\n`),
  ]);
  const fees = await expense(
    {
      amount: '1500.00',
      category: 'school_fees',
      description: `Fees for ${CHILD_NAME}, guardian +254733999888`,
      date,
      beneficiaryId: child.id,
    },
    receipt,
  );
  expect(fees.receiptUrl).toBe(`/api/expenses/${fees.id}/receipt`);
  expectStatus(await call('GET', fees.receiptUrl!, { session: root }), 200);
  expectStatus(await call('GET', '/api/transactions?search=Chebet', { session: root }), 200);
  await expense({ amount: '320.50', category: 'health', description: 'Clinic visit', date, beneficiaryId: child.id });
  await expense({ amount: '99.99', category: 'health', description: 'First aid kit', date });
  const totalBefore = await query<{ total: string }>(dbs.finance, 'SELECT sum(amount)::text AS total FROM expenses');

  // ---- the guardian's account, signed in ----
  const user = expectStatus(
    await call('POST', '/api/users', {
      session: root,
      json: {
        firstName: 'Ruth',
        lastName: 'Guardian',
        username: 'guardian1',
        password: 'Temp!pass1',
        role: 'beneficiary',
        beneficiaryId: child.id,
      },
    }),
    201,
  ).body as { id: string };
  const first = await signIn('guardian1', 'Temp!pass1');
  expectStatus(
    await call('PUT', '/api/auth/change-password', {
      session: first,
      json: { currentPassword: 'Temp!pass1', newPassword: 'N3w!Passw0rd' },
    }),
    200,
  );
  const guardian = await signIn('guardian1', 'N3w!Passw0rd');
  expectStatus(await call('GET', `/api/beneficiaries/${child.id}`, { session: guardian }), 200);
  // The guardian asks for its child's data: the request names who asked.
  const exported = expectStatus(
    await call('POST', '/api/data-requests', { session: guardian, json: { type: 'export', beneficiaryId: child.id } }),
    202,
  ).body as { id: string };
  expect(
    expectStatus(await call('GET', `/api/data-requests/${exported.id}`, { session: root }), 200).body,
  ).toMatchObject({ requestedBy: { id: user.id, name: ACCOUNT_NAME } });

  const childKeys = (
    await query<{ key: string }>(
      dbs.beneficiaries,
      `SELECT photo_key AS key FROM beneficiaries WHERE id = $1 UNION ALL SELECT photo_thumbnail_key FROM beneficiaries WHERE id = $1
       UNION ALL SELECT 'beneficiaries/birth-certificates/' || birth_certificate_file FROM beneficiaries WHERE id = $1
       UNION ALL SELECT 'beneficiaries/documents/' || file_name FROM documents WHERE beneficiary_id = $1
       UNION ALL SELECT photo_key FROM gifts WHERE beneficiary_id = $1 UNION ALL SELECT photo_card_key FROM gifts WHERE beneficiary_id = $1`,
      [child.id],
    )
  )
    .map((r) => r.key)
    .filter(Boolean);
  expect(childKeys.length).toBeGreaterThanOrEqual(6);
  expect(await objects()).toEqual(expect.arrayContaining(childKeys));
  // Finance has taken in what it needs (the expenses are stored): now it goes down, hard.
  await killHard(finance!);

  // What the erasure must leave nowhere; before it, every database holds some of it (the search can see it).
  const search: TextSearch = {
    texts: [
      child.id,
      CHILD_NAME,
      'Imani',
      'Chebet',
      GUARDIAN_NAME,
      ACCOUNT_NAME,
      '0733999888',
      '+254733999888',
      '254733999888',
      '0733 999 888',
      '+254 733 999 888',
      '254 733 999 888',
      '0733-999-888',
    ],
    digits: ['733999888'],
  };
  for (const [name, db] of Object.entries(dbs)) {
    expect({ database: name, found: (await rowVersionsHolding(db.url, search)).length > 0 }).toEqual({
      database: name,
      found: true,
    });
  }
  expect((await filesUnder(dataDir)).some((f) => holds(f.bytes, search))).toBe(true);

  // ---- the erasure ----
  const asked = expectStatus(
    await call('POST', '/api/data-requests', {
      session: root,
      json: { type: 'erasure', beneficiaryId: child.id, confirm: child.id, reason: 'The guardian asked for erasure' },
    }),
    202,
  );
  const requestId = (asked.body as { id: string }).id;
  const state = async () =>
    expectStatus(await call('GET', `/api/data-requests/${requestId}`, { session: root }), 200).body as {
      state: string;
      domains: Record<string, string>;
    };
  await until('beneficiaries and identity done', async () => {
    const { domains } = await state();
    return domains.beneficiaries === 'done' && domains.identity === 'done';
  });
  expect(await state()).toMatchObject({ state: 'running', domains: { finance: 'pending' } });

  finance = await startFinance();
  await until('the request done', async () => (await state()).state === 'done');
  expect(await state()).toMatchObject({
    state: 'done',
    domains: { beneficiaries: 'done', finance: 'done', identity: 'done' },
  });

  // ---- nothing left that names the child or its guardian, in any row, row version or stored file ----
  // Every leftover at once: rows, row versions (vacuumed away once each domain's part commits), objects, files.
  const leftovers: Record<string, string[]> = {};
  for (const [name, db] of Object.entries(dbs)) leftovers[`${name} rows`] = byTable(await rowsHolding(db.url, search));
  for (const [name, db] of Object.entries(dbs))
    leftovers[`${name} row versions`] = byTable(await rowVersionsHolding(db.url, search, { waitMs: 15_000 }));
  leftovers.objects = (await objects()).filter(
    (key) => childKeys.includes(key) || key.includes(child.id) || key.toLowerCase().includes('imani'),
  );
  leftovers['object contents'] = (await objectBytes()).filter((o) => holds(o.bytes, search)).map((o) => o.key);
  leftovers.files = (await filesUnder(dataDir)).filter((f) => holds(f.bytes, search)).map((f) => f.path);
  expect(leftovers).toEqual(Object.fromEntries(Object.keys(leftovers).map((key) => [key, []])));

  // ---- the child's receipt is gone with its file; the request the guardian made names it "erased" ----
  expect((await call('GET', `/api/expenses/${fees.id}`, { session: root })).body).toMatchObject({
    receiptUrl: null,
    beneficiaryId: null,
  });
  expect((await call('GET', `/api/expenses/${fees.id}/receipt`, { session: root })).status).toBe(404);
  expect(
    expectStatus(await call('GET', `/api/data-requests/${exported.id}`, { session: root }), 200).body,
  ).toMatchObject({ requestedBy: { id: user.id, name: 'erased' } });

  // ---- the guardian's account and sessions are gone ----
  expect(await query(dbs.identity, 'SELECT id FROM users WHERE id = $1', [user.id])).toEqual([]);
  expect((await call('GET', '/api/auth/user', { session: guardian })).status).toBe(401);

  // ---- the money is all still there, and every budget sums its expenses ----
  expect(await query(dbs.finance, 'SELECT sum(amount)::text AS total FROM expenses')).toEqual(totalBefore);
  expect(await query(dbs.finance, 'SELECT count(*)::int AS n FROM expenses WHERE beneficiary_id IS NOT NULL')).toEqual([
    { n: 0 },
  ]);
  expect(await query(dbs.finance, `SELECT description FROM expenses ORDER BY amount DESC`)).toEqual([
    { description: 'Fees for erased, guardian erased' },
    { description: 'Clinic visit' },
    { description: 'First aid kit' },
  ]);
  const budgets = expectStatus(await call('GET', `/api/budgets?year=${year}`, { session: root }), 200).body as {
    category: string;
    quarter: string;
    year: number;
    usedAmount: string;
  }[];
  const sums = await query<{ category: string; total: string }>(
    dbs.finance,
    'SELECT category, sum(amount)::numeric(14,2)::text AS total FROM expenses GROUP BY category',
  );
  for (const category of ['school_fees', 'health']) {
    const budget = budgets.find((b) => b.category === category && b.quarter === quarter && b.year === year);
    expect({ category, used: budget?.usedAmount }).toEqual({
      category,
      used: sums.find((s) => s.category === category)?.total,
    });
  }

  // ---- every audit chain still verifies ----
  for (const [name, db] of Object.entries(dbs)) {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      expect({ database: name, verdict: (await verifyAuditChain(client)).ok }).toEqual({
        database: name,
        verdict: true,
      });
    } finally {
      await client.end();
    }
  }
});

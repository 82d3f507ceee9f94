import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { parseGatewayConfig, startGateway, type RunningGateway } from '@kcf/gateway';
import { ROOT, SECRET, startAllServices, type AllServices } from './authorization-matrix-services';
import { callGateway, signInAt, type Answer, type CallOptions } from './gateway-calls';

/**
 * The audit log through the gateway, on the real services: entries of the three domains merged newest first
 * and paged by cursor without loss or repeat, a child's history across domains, who may read what
 * (superadmin everything; admin one child, without security events; viewer and beneficiary 403), the CSV
 * export (itself recorded), and verification through the API and `npm run audit:verify` finding an
 * entry edited with plain SQL.
 */
jest.setTimeout(180_000);

let all: AllServices;
let gateway: RunningGateway;
const sessions: Record<'root' | 'admin' | 'viewer' | 'beneficiary', string> = { root: '', admin: '', viewer: '', beneficiary: '' };
let childId: string;

const call = (method: string, path: string, options?: CallOptions): Promise<Answer> => callGateway(gateway.url, method, path, options);
const signIn = (username: string, password: string): Promise<string> => signInAt(gateway.url, username, password);

/** A user made by the matrix with a temporary password: signs in, sets a password, signs in again. */
async function activate(username: string): Promise<string> {
  const first = await signIn(username, 'temp123');
  const changed = await call('PUT', '/api/auth/change-password', { session: first, json: { currentPassword: 'temp123', newPassword: 'N3w!Passw0rd' } });
  if (changed.status !== 200) throw new Error(`change password ${username}: ${changed.status} ${changed.text}`);
  return signIn(username, 'N3w!Passw0rd');
}

beforeAll(async () => {
  all = await startAllServices();
  const [identity, beneficiaries, finance] = all.services.map((s) => s.service.url);
  gateway = await startGateway(
    parseGatewayConfig({ PORT: '0', HOST: '127.0.0.1', INTERNAL_SECRET: SECRET, IDENTITY_URL: identity, BENEFICIARIES_URL: beneficiaries, FINANCE_URL: finance, LOG_LEVEL: 'error' }),
    { shutdownHooks: false },
  );
  sessions.root = await signIn(ROOT.username, ROOT.password);
  sessions.admin = await activate('madmin');
  sessions.viewer = await activate('mviewer');
  sessions.beneficiary = await activate('mchild');

  const created = await call('POST', '/api/beneficiaries', {
    session: sessions.admin,
    json: {
      fullName: 'Audit Child', dateOfBirth: '2015-05-05', homeVillage: 'Shinyalu', subCounty: 'Lurambi', county: 'kakamega',
      guardianName: 'Audit Guardian', guardianPhone: '0712345678', schoolName: 'Shinyalu Primary', gradeLevel: 'grade_4',
    },
  });
  expect(created.status).toBe(201);
  childId = created.body.id;
  const edited = await call('PUT', `/api/beneficiaries/${childId}`, { session: sessions.admin, json: { ...created.body, guardianPhone: '0722345678' } });
  expect(edited.status).toBe(200);
  expect((await call('GET', `/api/beneficiaries/${childId}`, { session: sessions.admin })).status).toBe(200);
  const income = new FormData();
  income.append('amount', '5000.00');
  income.append('source', 'Audit donor');
  income.append('date', '2026-01-10');
  expect((await call('POST', '/api/income', { session: sessions.admin, form: income })).status).toBe(201);
  const expense = new FormData();
  expense.append('amount', '1200.00');
  expense.append('category', 'health');
  expense.append('date', '2026-01-11');
  expense.append('description', 'Clinic visit');
  expense.append('beneficiaryId', childId);
  expect((await call('POST', '/api/expenses', { session: sessions.admin, form: expense })).status).toBe(201);
});

afterAll(async () => {
  await gateway?.close();
  await all?.stop();
});

describe('GET /api/audit', () => {
  it('gives the superadmin every domain, newest first, and paging by cursor gives each entry once', async () => {
    const whole = await call('GET', '/api/audit?limit=200', { session: sessions.root });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toContain('no-store');
    const items = whole.body.items as { id: string; at: string; domain: string; action: string }[];
    expect(new Set(items.map((e) => e.domain))).toEqual(new Set(['identity', 'beneficiaries', 'finance']));
    const ats = items.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Answer = await call('GET', `/api/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { session: sessions.root });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((e: { id: string }) => e.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    // The three pages of reads above were themselves not recorded (the log is not a child's data), so the same list comes back.
    expect(seen).toEqual(items.map((e) => e.id));
  });

  it("shows a child's history across domains: the edit with old and new value, the profile view, the linked expense", async () => {
    const history = await call('GET', `/api/audit?beneficiaryId=${childId}&limit=50`, { session: sessions.root });
    expect(history.status).toBe(200);
    const items = history.body.items as { domain: string; action: string; entity: { type: string }; beneficiaryId: string; changes: { field: string; from: unknown; to: unknown }[]; actor: { username: string; role: string } }[];
    expect(items.every((e) => e.beneficiaryId === childId)).toBe(true);
    const edit = items.find((e) => e.action === 'update' && e.entity.type === 'beneficiary');
    expect(edit).toMatchObject({ domain: 'beneficiaries', actor: { username: 'madmin', role: 'admin' } });
    expect(edit!.changes).toContainEqual({ field: 'guardianPhone', from: '0712345678', to: '0722345678' });
    expect(items.some((e) => e.action === 'view' && e.entity.type === 'beneficiary')).toBe(true);
    expect(items.some((e) => e.domain === 'finance' && e.action === 'create' && e.entity.type === 'expense')).toBe(true);
  });

  it('filters by person, action group and domain', async () => {
    const me = await call('GET', '/api/auth/user', { session: sessions.admin });
    const byAdmin = await call('GET', `/api/audit?actor=${me.body.id}&action=change&domain=finance`, { session: sessions.root });
    expect(byAdmin.status).toBe(200);
    const items = byAdmin.body.items as { domain: string; action: string; actor: { id: string } }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((e) => e.domain === 'finance' && ['create', 'update', 'delete'].includes(e.action) && e.actor.id === me.body.id)).toBe(true);
    const security = await call('GET', '/api/audit?action=security', { session: sessions.root });
    expect(security.body.items.some((e: { action: string }) => e.action === 'sign-in')).toBe(true);
  });

  it("lets an admin read one child's history, without security events, and nothing else", async () => {
    expect((await call('GET', '/api/audit', { session: sessions.admin })).status).toBe(403);
    const history = await call('GET', `/api/audit?beneficiaryId=${childId}&action=security`, { session: sessions.admin });
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([]);
    expect((await call('GET', `/api/audit?beneficiaryId=${childId}`, { session: sessions.admin })).body.items.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/audit/verify', { session: sessions.admin })).status).toBe(403);
    expect((await call('GET', '/api/audit/export', { session: sessions.admin })).status).toBe(403);
  });

  it.each(['viewer', 'beneficiary'] as const)('refuses the %s user', async (who) => {
    for (const path of [`/api/audit?beneficiaryId=${childId}`, '/api/audit', '/api/audit/verify', '/api/audit/export']) {
      expect((await call('GET', path, { session: sessions[who] })).status).toBe(403);
    }
  });

  it('refuses the signed out', async () => {
    expect((await call('GET', '/api/audit')).status).toBe(401);
  });

  it('refuses bad filters with 400', async () => {
    const bad = await call('GET', '/api/audit?from=2026-02-30', { session: sessions.root });
    expect(bad.status).toBe(400);
    expect((await call('GET', '/api/audit?cursor=not-ours', { session: sessions.root })).status).toBe(400);
  });
});

describe('GET /api/audit/export', () => {
  it('sends the filtered entries as CSV and records the export', async () => {
    const csv = await call('GET', `/api/audit/export?beneficiaryId=${childId}`, { session: sessions.root });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toContain('What happened');
    expect(lines.slice(1).every((l) => l.includes(childId))).toBe(true);
    expect(csv.text).toContain('Guardian phone: 0712345678 → 0722345678');
    const exports = await call('GET', '/api/audit?action=export&domain=identity', { session: sessions.root });
    expect(exports.body.items[0]).toMatchObject({ entity: { type: 'audit-log' }, actor: { username: 'root' }, details: { rows: lines.length - 1 } });
  });
});

describe('verification', () => {
  function verifyScript(urls: string[]): Promise<{ code: number; out: string }> {
    return new Promise((resolve) => {
      const args = ['scripts/audit-verify.mjs', ...urls.flatMap((u, i) => ['--database', `${['identity', 'beneficiaries', 'finance'][i]}=${u}`])];
      const child = spawn(process.execPath, args, { cwd: join(__dirname, '../..'), env: { ...process.env, INTERNAL_SECRET: SECRET } });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c));
      child.stderr.on('data', (c: Buffer) => (out += c));
      child.on('exit', (code) => resolve({ code: code ?? -1, out }));
    });
  }

  it('holds through the API and the script, and both name an entry edited with plain SQL', async () => {
    const ok = await call('GET', '/api/audit/verify', { session: sessions.root });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true });
    expect(ok.body.checked).toBeGreaterThan(5);
    const urls = all.databaseUrls;
    const clean = await verifyScript(urls);
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.out).toMatch(/finance: \d+ entries verified/);

    const db = new Client({ connectionString: urls[2] });
    await db.connect();
    try {
      await db.query('SET session_replication_role = replica');
      await db.query(`UPDATE audit_entries SET details = '{"forged": true}' WHERE seq = 1`);
    } finally {
      await db.end();
    }
    const broken = await call('GET', '/api/audit/verify', { session: sessions.root });
    expect(broken.body).toMatchObject({ ok: false, domain: 'finance', firstBrokenId: 'finance-1', reason: 'Its content does not match its hash' });
    const script = await verifyScript(urls);
    expect(script.code).toBe(1);
    expect(script.out).toContain('finance: BROKEN at entry finance-1: Its content does not match its hash');
  });
});

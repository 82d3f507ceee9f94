import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { parseGatewayConfig, startGateway, type RunningGateway } from '@kcf/gateway';
import { ROOT, SECRET, startAllServices, type AllServices } from './authorization-matrix-services';
import { callGateway, signInAt, type Answer, type CallOptions } from './gateway-calls';

/**
 * The audit log through the gateway, on the real services: entries of the three domains merged newest first
 * and paged by cursor without loss or repeat, a child's history across domains, who may read what
 * (superadmin everything; admin one child, without security events; viewer and beneficiary 403), each read
 * and the CSV export (themselves recorded), each domain's records named by what they are (`entity.label`, a deleted
 * one too), and verification through the API and `npm run audit:verify` finding an entry edited with plain SQL.
 */
jest.setTimeout(180_000);

let all: AllServices;
let gateway: RunningGateway;
const sessions: Record<'root' | 'admin' | 'viewer' | 'beneficiary', string> = {
  root: '',
  admin: '',
  viewer: '',
  beneficiary: '',
};
let childId: string;

const call = (method: string, path: string, options?: CallOptions): Promise<Answer> =>
  callGateway(gateway.url, method, path, options);
const signIn = (username: string, password: string): Promise<string> => signInAt(gateway.url, username, password);

/** A user made by the matrix with a temporary password: signs in, sets a password, signs in again. */
async function activate(username: string): Promise<string> {
  const first = await signIn(username, 'Temp!pass1');
  const changed = await call('PUT', '/api/auth/change-password', {
    session: first,
    json: { currentPassword: 'Temp!pass1', newPassword: 'N3w!Passw0rd' },
  });
  if (changed.status !== 200) throw new Error(`change password ${username}: ${changed.status} ${changed.text}`);
  return signIn(username, 'N3w!Passw0rd');
}

beforeAll(async () => {
  all = await startAllServices();
  const [identity, beneficiaries, finance] = all.services.map((s) => s.service.url);
  gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      INTERNAL_SECRET: SECRET,
      IDENTITY_URL: identity,
      BENEFICIARIES_URL: beneficiaries,
      FINANCE_URL: finance,
      LOG_LEVEL: 'error',
    }),
    { shutdownHooks: false },
  );
  sessions.root = await signIn(ROOT.username, ROOT.password);
  sessions.admin = await activate('madmin');
  sessions.viewer = await activate('mviewer');
  sessions.beneficiary = await activate('mchild');

  const created = await call('POST', '/api/beneficiaries', {
    session: sessions.admin,
    json: {
      fullName: 'Audit Child',
      dateOfBirth: '2015-05-05',
      homeVillage: 'Shinyalu',
      subCounty: 'Lurambi',
      county: 'kakamega',
      guardianName: 'Audit Guardian',
      guardianPhone: '0712345678',
      schoolName: 'Shinyalu Primary',
      gradeLevel: 'grade_4',
    },
  });
  expect(created.status).toBe(201);
  childId = created.body.id;
  const edited = await call('PUT', `/api/beneficiaries/${childId}`, {
    session: sessions.admin,
    json: { ...created.body, guardianPhone: '0722345678' },
  });
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
    const seen: { id: string; domain: string; action: string; entity: { type: string }; details: unknown }[] = [];
    let cursor: string | null = null;
    do {
      const page: Answer = await call('GET', `/api/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`, {
        session: sessions.root,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    // Each read of the log is itself recorded once it is read: the first page starts with the view of `whole`
    // (the pages' own views are newer than the cursor they follow), then the same entries, each once.
    expect(seen[0]).toMatchObject({
      domain: 'identity',
      action: 'view',
      entity: { type: 'audit-log' },
      details: { filters: {}, rows: items.length },
    });
    expect(seen.slice(1).map((e) => e.id)).toEqual(items.map((e) => e.id));
  });

  it("records each read of the log as one view, with its filters and row count (an admin's naming the child); a refused read none", async () => {
    const views = async () => {
      const db = new Client({ connectionString: all.identityDbUrl });
      await db.connect();
      try {
        return (
          await db.query(
            `SELECT count(*)::int AS n FROM audit_entries WHERE entity_type = 'audit-log' AND action = 'view'`,
          )
        ).rows[0].n as number;
      } finally {
        await db.end();
      }
    };
    const before = await views();
    const read = await call('GET', `/api/audit?beneficiaryId=${childId}&domain=beneficiaries&limit=5`, {
      session: sessions.admin,
    });
    expect(read.status).toBe(200);
    expect(await views()).toBe(before + 1);
    expect((await call('GET', '/api/audit', { session: sessions.admin })).status).toBe(403);
    expect((await call('GET', '/api/audit?from=2026-02-30', { session: sessions.root })).status).toBe(400);
    expect((await call('GET', `/api/audit?beneficiaryId=${childId}`, { session: sessions.viewer })).status).toBe(403);
    expect(await views()).toBe(before + 1);
    const recorded = await call('GET', '/api/audit?domain=identity&entityType=audit-log&action=view&limit=1', {
      session: sessions.root,
    });
    expect(recorded.body.items[0]).toMatchObject({
      domain: 'identity',
      action: 'view',
      entity: { type: 'audit-log', id: null },
      beneficiaryId: childId,
      actor: { username: 'madmin', role: 'admin' },
      details: { filters: { beneficiaryId: childId, domain: 'beneficiaries' }, rows: read.body.items.length },
    });
    expect(recorded.body.items[0].clientIp).toBeTruthy();
    expect(await views()).toBe(before + 2);
  });

  it("shows a child's history across domains: the edit with old and new value, the profile view, the linked expense", async () => {
    const history = await call('GET', `/api/audit?beneficiaryId=${childId}&limit=50`, { session: sessions.root });
    expect(history.status).toBe(200);
    const items = history.body.items as {
      domain: string;
      action: string;
      entity: { type: string };
      beneficiaryId: string;
      changes: { field: string; from: unknown; to: unknown }[];
      actor: { username: string; role: string };
    }[];
    expect(items.every((e) => e.beneficiaryId === childId)).toBe(true);
    const edit = items.find((e) => e.action === 'update' && e.entity.type === 'beneficiary');
    expect(edit).toMatchObject({ domain: 'beneficiaries', actor: { username: 'madmin', role: 'admin' } });
    expect(edit!.changes).toContainEqual({ field: 'guardianPhone', from: '+254712345678', to: '+254722345678' });
    expect(items.some((e) => e.action === 'view' && e.entity.type === 'beneficiary')).toBe(true);
    expect(items.some((e) => e.domain === 'finance' && e.action === 'create' && e.entity.type === 'expense')).toBe(
      true,
    );
  });

  it('filters by person, action group and domain', async () => {
    const me = await call('GET', '/api/auth/user', { session: sessions.admin });
    const byAdmin = await call('GET', `/api/audit?actor=${me.body.id}&action=change&domain=finance`, {
      session: sessions.root,
    });
    expect(byAdmin.status).toBe(200);
    const items = byAdmin.body.items as { domain: string; action: string; actor: { id: string } }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(
      items.every(
        (e) => e.domain === 'finance' && ['create', 'update', 'delete'].includes(e.action) && e.actor.id === me.body.id,
      ),
    ).toBe(true);
    const security = await call('GET', '/api/audit?action=security', { session: sessions.root });
    expect(security.body.items.some((e: { action: string }) => e.action === 'sign-in')).toBe(true);
  });

  it("lets an admin read one child's history, without security events, and nothing else", async () => {
    expect((await call('GET', '/api/audit', { session: sessions.admin })).status).toBe(403);
    const history = await call('GET', `/api/audit?beneficiaryId=${childId}&action=security`, {
      session: sessions.admin,
    });
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([]);
    expect(
      (await call('GET', `/api/audit?beneficiaryId=${childId}`, { session: sessions.admin })).body.items.length,
    ).toBeGreaterThan(0);
    expect((await call('GET', '/api/audit/verify', { session: sessions.admin })).status).toBe(403);
    expect((await call('GET', '/api/audit/export', { session: sessions.admin })).status).toBe(403);
  });

  it.each(['viewer', 'beneficiary'] as const)('refuses the %s user', async (who) => {
    for (const path of [
      `/api/audit?beneficiaryId=${childId}`,
      '/api/audit',
      '/api/audit/verify',
      '/api/audit/export',
    ]) {
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
    // server-kit's one Content-Disposition: an ASCII name and the UTF-8 one.
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''audit-log-\1\.csv$/,
    );
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toContain('What happened');
    expect(lines.slice(1).every((l) => l.includes(childId))).toBe(true);
    expect(csv.text).toContain('Guardian phone: +254712345678 → +254722345678');
    const exports = await call('GET', '/api/audit?action=export&domain=identity', { session: sessions.root });
    expect(exports.body.items[0]).toMatchObject({
      entity: { type: 'audit-log' },
      actor: { username: 'root' },
      details: { rows: lines.length - 1 },
    });
  });
});

describe('records named as people read them', () => {
  type Entry = { action: string; domain: string; entity: { type: string; id: string | null; label?: string } };
  const entries = async (query: string): Promise<Entry[]> => {
    const page = await call('GET', `/api/audit?${query}&limit=200`, { session: sessions.root });
    expect(page.status).toBe(200);
    return page.body.items as Entry[];
  };
  const year = new Date().getUTCFullYear();

  it('names a budget by category, term and year, a consent by purpose, a gift by type and date, never by its UUID', async () => {
    const budget = await call('POST', '/api/budgets', {
      session: sessions.admin,
      json: { category: 'admin', quarter: 'Term 1', year, plannedAmount: '5000.00' },
    });
    expect(budget.status).toBe(201);
    const consent = {
      state: 'granted',
      givenBy: 'Audit Guardian',
      relationship: 'Mother',
      method: 'signed_form',
      date: '2026-01-15',
    };
    expect(
      (
        await call('PUT', `/api/beneficiaries/${childId}/consents/photos_internal`, {
          session: sessions.admin,
          json: consent,
        })
      ).status,
    ).toBe(200);
    const gift = new FormData();
    for (const [key, value] of Object.entries({
      beneficiaryId: childId,
      giftType: 'christmas',
      amount: '1500',
      description: 'Shoes',
      contents: 'One pair',
      dateGiven: '2025-12-12',
    }))
      gift.set(key, value);
    const given = await call('POST', '/api/gifts', { session: sessions.admin, form: gift });
    expect(given.status).toBe(201);

    const finance = await entries('domain=finance&action=create');
    expect(finance.find((e) => e.entity.id === budget.body.id)?.entity).toEqual({
      type: 'budget',
      id: budget.body.id,
      label: `Administrative, Term 1 ${year}`,
    });
    // From beforeAll: the income and the child's expense.
    expect(finance.find((e) => e.entity.type === 'income')?.entity.label).toBe('Audit donor, 10 Jan 2026');
    expect(finance.find((e) => e.entity.type === 'expense')?.entity.label).toBe('Health, 11 Jan 2026');

    const child = await entries(`beneficiaryId=${childId}&domain=beneficiaries`);
    expect(child.find((e) => e.entity.type === 'consent' && e.entity.id !== null)?.entity).toEqual({
      type: 'consent',
      id: `${childId}:photos_internal`,
      label: 'Photos (internal)',
    });
    expect(child.find((e) => e.entity.type === 'gift' && e.action === 'create')?.entity).toEqual({
      type: 'gift',
      id: given.body.id,
      label: 'Christmas, 12 Dec 2025',
    });
    // A list read names no record; the child is named by its KCF id, as ever.
    expect(
      child
        .filter((e) => e.entity.id === null || e.entity.type === 'beneficiary')
        .every((e) => e.entity.label === undefined),
    ).toBe(true);

    const identity = await entries('domain=identity&entityType=user&action=create');
    // The superadmin made at start, and the users the matrix made.
    expect(identity.map((e) => e.entity.label).sort()).toEqual(['madmin', 'mchild', 'mviewer', 'root']);
  });

  it('names a deleted record from what its delete or create entry recorded on the page, else says it was deleted', async () => {
    const budget = await call('POST', '/api/budgets', {
      session: sessions.admin,
      json: { category: 'health', quarter: 'Term 2', year, plannedAmount: '800.00' },
    });
    expect(budget.status).toBe(201);
    expect(
      (
        await call('PUT', `/api/budgets/${budget.body.id}`, {
          session: sessions.admin,
          json: { plannedAmount: '900.00' },
        })
      ).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/budgets/${budget.body.id}`, { session: sessions.root })).status).toBe(204);
    const named = (await entries('domain=finance&entityType=budget')).filter((e) => e.entity.id === budget.body.id);
    expect(named.map((e) => [e.action, e.entity.label])).toEqual([
      ['delete', `Health, Term 2 ${year}`],
      ['update', `Health, Term 2 ${year}`],
      ['create', `Health, Term 2 ${year}`],
    ]);
    // A page of its update alone holds neither the record nor what was recorded of it.
    const updates = (await entries('domain=finance&entityType=budget&action=update')).filter(
      (e) => e.entity.id === budget.body.id,
    );
    expect(updates.map((e) => e.entity.label)).toEqual(['(deleted)']);
  });
});

describe('verification', () => {
  function verifyScript(urls: string[]): Promise<{ code: number; out: string }> {
    return new Promise((resolve) => {
      const args = [
        'scripts/audit-verify.mjs',
        ...urls.flatMap((u, i) => ['--database', `${['identity', 'beneficiaries', 'finance'][i]}=${u}`]),
      ];
      const child = spawn(process.execPath, args, {
        cwd: join(__dirname, '../..'),
        env: { ...process.env, INTERNAL_SECRET: SECRET },
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c));
      child.stderr.on('data', (c: Buffer) => (out += c));
      child.on('exit', (code) => resolve({ code: code ?? -1, out }));
    });
  }

  /** Plain SQL on a domain's database, as its owner or a superuser could. */
  async function onDatabase(url: string, run: (db: Client) => Promise<void>): Promise<void> {
    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      await run(db);
    } finally {
      await db.end();
    }
  }

  const COLUMNS =
    'seq, at, actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id, beneficiary_id, changes, details, request_id, client_ip, user_agent, salt, redacted, prev_hash, hash, form';
  const FINANCE = () => all.databaseUrls[2];

  /** Waits until finance has signed its chain's newest entry as its head (every two seconds while entries come). */
  async function headSigned(): Promise<void> {
    for (let i = 0; i < 50; i++) {
      let signed = false;
      await onDatabase(FINANCE(), async (db) => {
        const { rows } = await db.query(
          `SELECT h.seq = (SELECT max(seq) FROM audit_entries) AS signed FROM audit_heads h WHERE h.domain = 'finance'`,
        );
        signed = rows[0]?.signed === true;
      });
      if (signed) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('finance did not sign its head within 10 s');
  }

  it('holds through the API and the script', async () => {
    const ok = await call('GET', '/api/audit/verify', { session: sessions.root });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true });
    expect(ok.body.checked).toBeGreaterThan(5);
    const clean = await verifyScript(all.databaseUrls);
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.out).toMatch(/finance: \d+ entries verified/);
  });

  // Each tamper on finance's chain (the triggers off where the database would refuse it), found by both, then undone.
  it.each([
    {
      what: 'an entry edited with plain SQL',
      harm: `SET session_replication_role = replica; UPDATE audit_entries SET details = '{"forged": true}' WHERE seq = 2`,
      broken: 'finance-2',
      reason: 'Its content does not match its hash',
    },
    {
      what: "values changed through the erasure's redaction path, the sealed digest kept",
      harm: `SET session_replication_role = replica; UPDATE audit_entries e SET salt = NULL,
               redacted = jsonb_build_object('values', audit_entry_digest(e), 'request', gen_random_uuid()::text, 'signature', repeat('ab', 32)),
               changes = (SELECT jsonb_agg(jsonb_build_object('field', c->'field', 'from', null, 'to', 'Forged Donor')) FROM jsonb_array_elements(e.changes) c)
             WHERE seq = 2`,
      broken: 'finance-2',
      reason: 'It holds values an erasure does not write',
    },
    {
      what: "a redaction no erasure request made (well-formed, through the database's own rule)",
      harm: `BEGIN; SELECT set_config('kcf.audit_redacting', 'on', true);
             UPDATE audit_entries e SET salt = NULL, changes = audit_erased_changes(e.changes),
               details = CASE WHEN e.details IS NULL THEN NULL ELSE '{"erased": true}'::jsonb END,
               redacted = jsonb_build_object('values', audit_entry_digest(e), 'request', gen_random_uuid()::text, 'signature', repeat('ab', 32))
             WHERE seq = 2; COMMIT`,
      broken: 'finance-2',
      reason: 'It was erased without an erasure of this installation',
    },
    {
      what: 'an entry inserted (the ones after it renumbered to hide the gap)',
      harm: `SET session_replication_role = replica;
             UPDATE audit_entries SET seq = -seq - 1 WHERE seq >= 2; UPDATE audit_entries SET seq = -seq WHERE seq < 0;
             INSERT INTO audit_entries (${COLUMNS}) SELECT 2, at, actor_id, actor_username, actor_name, actor_role, 'delete', entity_type, entity_id,
               beneficiary_id, changes, details, request_id, client_ip, user_agent, salt, redacted, prev_hash, hash, form FROM audit_entries WHERE seq = 1`,
      broken: 'finance-2',
      reason: 'It does not follow the entry before it',
    },
    {
      what: 'the newest two entries deleted',
      harm: `SET session_replication_role = replica; DELETE FROM audit_entries WHERE seq >= (SELECT max(seq) - 1 FROM audit_entries)`,
      broken: 'newest-1',
      reason: /^Entries \d+ to \d+ are missing \(the signed head is at \d+\)$/,
    },
  ])('both find $what', async ({ harm, broken, reason }) => {
    await headSigned();
    let newest = 0;
    await onDatabase(FINANCE(), async (db) => {
      newest = Number((await db.query('SELECT max(seq) AS n FROM audit_entries')).rows[0].n);
      await db.query(
        'SET session_replication_role = replica; CREATE TABLE audit_backup AS SELECT * FROM audit_entries; SET session_replication_role = origin',
      );
      await db.query(harm);
    });
    const firstBroken = broken === 'newest-1' ? `finance-${newest - 1}` : broken;
    try {
      const answer = await call('GET', '/api/audit/verify', { session: sessions.root });
      expect(answer.body).toMatchObject({ ok: false, domain: 'finance', firstBrokenId: firstBroken });
      expect(answer.body.reason).toEqual(typeof reason === 'string' ? reason : expect.stringMatching(reason));
      const script = await verifyScript(all.databaseUrls);
      expect(script.code).toBe(1);
      expect(script.out).toMatch(new RegExp(`finance: BROKEN at entry ${firstBroken}: `));
    } finally {
      await onDatabase(FINANCE(), (db) =>
        db
          .query(
            `SET session_replication_role = replica; DELETE FROM audit_entries; INSERT INTO audit_entries (${COLUMNS}) SELECT ${COLUMNS} FROM audit_backup;
                  DROP TABLE audit_backup; SET session_replication_role = origin`,
          )
          .then(() => undefined),
      );
    }
    const repaired = await call('GET', '/api/audit/verify', { session: sessions.root });
    expect(repaired.body).toMatchObject({ ok: true });
  });
});

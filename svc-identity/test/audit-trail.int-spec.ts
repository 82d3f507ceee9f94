jest.setTimeout(120_000);

import { Pool } from 'pg';
import request from 'supertest';
import type { AuditAction, AuditActor, AuditChange, AuditEntry } from '@kcf/contracts';
import { auditEntriesAfter, auditHead, listRoutes } from '@kcf/server-kit';
import {
  ADMIN,
  asSystem,
  contextFor,
  createActiveUser,
  createUser,
  login,
  startIdentity,
  type IdentityHarness,
  type NewUser,
} from './identity-harness';
import { CLIENT, createTestProvider, walkSignIn, type TestProvider } from './oidc-provider';

/**
 * svc-identity's audit trail, route by route: every route the running app registered, reads included, has an
 * expectation below or an exemption with its reason (reads of no child's data, internal routes). An expectation
 * makes the request (as a signed superadmin, or through the real sign-in flow) and finds exactly one new row in
 * `audit_entries` with the right actor, action, entity and old → new values. A route that has neither an
 * expectation nor a stated exemption fails the first test by name. The security events that no route of their own stands for (failed sign-ins, lockouts,
 * idle expiry, a forced change completed) are the cases after the table.
 */

/** An entry as these tests compare it: everything but its time, request and place in the chain. */
interface Entry {
  actor: AuditActor;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  beneficiaryId: string | null;
  changes: AuditChange[];
  details: Record<string, unknown> | null;
}

const entryOf = (e: AuditEntry): Entry => ({
  actor: e.actor,
  action: e.action,
  entityType: e.entity.type,
  entityId: e.entity.id,
  beneficiaryId: e.beneficiaryId,
  changes: e.changes,
  details: e.details,
});

let h: IdentityHarness;
let idp: TestProvider;
let pool: Pool;
let root: AuditActor;

const PASSWORD = 'Welcome1!';
const MINUTE = 60_000;

beforeAll(async () => {
  idp = await createTestProvider({
    amina: { preferred_username: 'amina', email: 'amina@idp.example.org', email_verified: true },
    mallory: { preferred_username: 'mallory' },
  });
  h = await startIdentity(
    {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
    },
    { children: 2 },
  );
  await idp.start(`${h.url}/api/login/callback`);
  pool = new Pool({ connectionString: h.db.url, max: 2 });
  root = {
    id: (await login(h, ADMIN.username, ADMIN.password)).user.id,
    username: ADMIN.username,
    name: 'System Administrator',
    role: 'superadmin',
  };
});
afterAll(async () => {
  await pool?.end();
  await h?.stop();
  await idp?.stop();
});

/** The signed context of a fresh superadmin session, with its username and name (as the gateway signs it). */
const asRoot = async () => (await contextFor(h, (await login(h, ADMIN.username, ADMIN.password)).token))!;

const rowsOf = async <R>(text: string, values?: unknown[]) => (await pool.query(text, values)).rows as R[];
const lastSeq = () => auditHead(rowsOf);
const rowsAfter = (seq: string) => auditEntriesAfter(rowsOf, 'identity', seq);

/** The rows `act` adds to the trail (what is committed by the time its answer arrives). */
async function recorded(act: () => Promise<unknown>): Promise<AuditEntry[]> {
  const mark = await lastSeq();
  await act();
  return rowsAfter(mark);
}

let serial = 0;
/** A username of at most 10 characters, new for each call. */
const fresh = (prefix: string) => `${prefix}${++serial}`.slice(0, 10);

const actorOf = (u: { id: string; username: string }, name: string, role: AuditActor['role']): AuditActor => ({
  id: u.id,
  username: u.username,
  name,
  role,
});
const nobody: AuditActor = { id: null, username: null, name: null, role: null };
const security = (
  action: AuditAction,
  actor: AuditActor,
  entityId: string | null,
  details: Entry['details'] = null,
): Entry => ({
  actor,
  action,
  entityType: 'session',
  entityId,
  beneficiaryId: null,
  changes: [],
  details,
});

/** A user who has set its own password, named Grace Akinyi. */
async function activeUser(user: Partial<NewUser> = {}) {
  const username = fresh('u');
  const created = await createActiveUser(h, await asRoot(), {
    firstName: 'Grace',
    lastName: 'Akinyi',
    role: 'viewer',
    ...user,
    username,
    password: PASSWORD,
  });
  return { ...created, username };
}

/**
 * What a route records: `arrange` sets the scene (whatever it records is not counted) and gives the request
 * to make and the one entry it must add.
 */
type Expectation = () => Promise<{ act: () => Promise<request.Response>; entry: (answer: request.Response) => Entry }>;

const INTERNAL_CALL = "a call between the product's services, not a person's change or view of a child";

/**
 * Routes that record nothing, each with the reason: reads of no child's data, and internal routes (called by the
 * gateway and the services, never by a person). A write route may be exempt only when it is internal.
 */
const EXEMPT: Record<string, string> = {
  'GET /api/users':
    "the user accounts list (User Management): accounts, not a child's record (a guardian's account shows only its child's id)",
  'GET /api/login': 'starts a sign-in at the identity provider (a redirect); the sign-in is recorded at its callback',
  'GET /api/auth/user': "the signed-in user's own name and role (every screen asks it): lists no child's data",
  'GET /internal/audit': `${INTERNAL_CALL} (the gateway reads the trail itself; it records the Audit log's export)`,
  'GET /internal/audit/verify': `${INTERNAL_CALL} (the gateway verifies the chain; nothing changes)`,
  'GET /health/live': 'health check: no user, no data',
  'GET /health/ready': 'health check: no user, no data',
  'POST /internal/sessions/resolve':
    "the gateway's session lookup: it changes no record (the touch is bookkeeping); the idle session it finds and " +
    "removes is the 'idle expiry' case below",
  'POST /internal/audit/entries':
    "the audit's own route: it records the entry the gateway asks for (the audit log's export), nothing else",
};

const EXPECTATIONS: Record<string, Expectation> = {
  'POST /api/login/local': async () => {
    const u = await activeUser({ role: 'admin' });
    return {
      act: () => request(h.url).post('/api/login/local').send({ username: u.username, password: PASSWORD }).expect(200),
      entry: () => security('sign-in', actorOf(u, 'Grace Akinyi', 'admin'), u.id, { method: 'local' }),
    };
  },

  'GET /api/login/callback': async () => {
    const u = await createUser(h, await asRoot(), {
      username: 'amina',
      firstName: 'Amina',
      lastName: 'Wekesa',
      role: 'admin',
    });
    return {
      act: async () => {
        const walk = await walkSignIn(h.url, 'amina');
        expect(walk.landedOn).toBe('/login');
        return { status: 302 } as request.Response;
      },
      entry: () => security('sign-in', actorOf(u, 'Amina Wekesa', 'admin'), u.id, { method: 'oidc' }),
    };
  },

  'POST /api/logout/local': async () => {
    const u = await activeUser();
    const session = await login(h, u.username, PASSWORD);
    return {
      act: () => request(h.url).post('/api/logout/local').set('Cookie', session.cookie).expect(200),
      entry: () => security('sign-out', actorOf(u, 'Grace Akinyi', 'viewer'), u.id),
    };
  },

  'GET /api/logout': async () => {
    const u = await activeUser({ role: 'admin' });
    const session = await login(h, u.username, PASSWORD);
    return {
      act: () => request(h.url).get('/api/logout').set('Cookie', session.cookie).expect(302),
      entry: () => security('sign-out', actorOf(u, 'Grace Akinyi', 'admin'), u.id),
    };
  },

  'PUT /api/auth/change-password': async () => {
    const u = await activeUser();
    const ctx = (await contextFor(h, (await login(h, u.username, PASSWORD)).token))!;
    return {
      act: () =>
        request(h.url)
          .put('/api/auth/change-password')
          .set(ctx)
          .send({ currentPassword: PASSWORD, newPassword: 'Another1!' })
          .expect(200),
      entry: () => ({
        actor: actorOf(u, 'Grace Akinyi', 'viewer'),
        action: 'update',
        entityType: 'password',
        entityId: u.id,
        beneficiaryId: null,
        changes: [],
        details: { kind: 'change-by-user' },
      }),
    };
  },

  'POST /api/users': async () => {
    const ctx = await asRoot();
    return {
      act: () =>
        request(h.url)
          .post('/api/users')
          .set(ctx)
          .send({
            firstName: 'Brian',
            lastName: 'Otieno',
            username: 'brian',
            password: 'Temp!pass1',
            role: 'beneficiary',
            beneficiaryId: h.children[0],
          })
          .expect(201),
      entry: (answer) => ({
        actor: root,
        action: 'create',
        entityType: 'user',
        entityId: answer.body.id,
        beneficiaryId: h.children[0],
        changes: [
          { field: 'id', from: null, to: answer.body.id },
          { field: 'username', from: null, to: 'brian' },
          { field: 'firstName', from: null, to: 'Brian' },
          { field: 'lastName', from: null, to: 'Otieno' },
          { field: 'role', from: null, to: 'beneficiary' },
          { field: 'isActive', from: null, to: true },
          { field: 'mustChangePassword', from: null, to: true },
          { field: 'beneficiaryId', from: null, to: h.children[0] },
        ],
        details: null,
      }),
    };
  },

  'PUT /api/users/:id': async () => {
    const ctx = await asRoot();
    const u = await createUser(h, ctx, {
      username: fresh('role'),
      firstName: 'Mary',
      lastName: 'Wanjiku',
      role: 'viewer',
    });
    return {
      act: () =>
        request(h.url)
          .put(`/api/users/${u.id}`)
          .set(ctx)
          .send({ firstName: 'Mary', lastName: 'Wanjiku', role: 'admin' })
          .expect(200),
      entry: () => ({
        actor: root,
        action: 'update',
        entityType: 'user',
        entityId: u.id,
        beneficiaryId: null,
        changes: [{ field: 'role', from: 'viewer', to: 'admin' }],
        details: null,
      }),
    };
  },

  'PATCH /api/users/:id/status': async () => {
    const ctx = await asRoot();
    const u = await createUser(h, ctx, { username: fresh('status') });
    return {
      act: () => request(h.url).patch(`/api/users/${u.id}/status`).set(ctx).send({ isActive: false }).expect(200),
      entry: () => ({
        actor: root,
        action: 'update',
        entityType: 'user',
        entityId: u.id,
        beneficiaryId: null,
        changes: [{ field: 'isActive', from: true, to: false }],
        details: null,
      }),
    };
  },

  'DELETE /api/users/:id': async () => {
    const ctx = await asRoot();
    const username = fresh('gone');
    const u = await createUser(h, ctx, { username, firstName: 'Peter', lastName: 'Kamau', email: 'peter@example.org' });
    return {
      act: () => request(h.url).delete(`/api/users/${u.id}`).set(ctx).expect(200),
      entry: () => ({
        actor: root,
        action: 'delete',
        entityType: 'user',
        entityId: u.id,
        beneficiaryId: null,
        changes: [
          { field: 'id', from: u.id, to: null },
          { field: 'username', from: username, to: null },
          { field: 'firstName', from: 'Peter', to: null },
          { field: 'lastName', from: 'Kamau', to: null },
          { field: 'email', from: 'peter@example.org', to: null },
          { field: 'role', from: 'viewer', to: null },
          { field: 'isActive', from: true, to: null },
          { field: 'mustChangePassword', from: true, to: null },
        ],
        details: null,
      }),
    };
  },

  'PUT /api/admin/reset-password/:id': async () => {
    const ctx = await asRoot();
    const u = await createUser(h, ctx, { username: fresh('reset') });
    return {
      act: () =>
        request(h.url).put(`/api/admin/reset-password/${u.id}`).set(ctx).send({ newPassword: 'Temp1234!' }).expect(200),
      entry: () => ({
        actor: root,
        action: 'update',
        entityType: 'password',
        entityId: u.id,
        beneficiaryId: null,
        changes: [],
        details: { kind: 'reset-by-admin' },
      }),
    };
  },
};

const WRITE = /^(POST|PUT|PATCH|DELETE) /;

describe('every route, reads included', () => {
  it('has an expectation below, or an exemption with its reason (a write route only when it is internal)', () => {
    const registered = listRoutes(h.service.app).map((r) => `${r.method} ${r.path}`);
    const withoutExpectation = registered.filter((route) => !(route in EXPECTATIONS) && !(route in EXEMPT));
    expect({ withoutExpectation }).toEqual({ withoutExpectation: [] });
    const notRegistered = [...Object.keys(EXPECTATIONS), ...Object.keys(EXEMPT)].filter(
      (route) => !registered.includes(route),
    );
    expect({ notRegistered }).toEqual({ notRegistered: [] });
    const exemptWriteNotInternal = Object.keys(EXEMPT).filter(
      (route) => WRITE.test(route) && !route.split(' ')[1].startsWith('/internal/'),
    );
    expect({ exemptWriteNotInternal }).toEqual({ exemptWriteNotInternal: [] });
    expect({ bothExpectedAndExempt: Object.keys(EXEMPT).filter((route) => route in EXPECTATIONS) }).toEqual({
      bothExpectedAndExempt: [],
    });
  });

  it.each(Object.keys(EXPECTATIONS))('%s records exactly one entry', async (route) => {
    const { act, entry } = await EXPECTATIONS[route]();
    let answer: request.Response | undefined;
    const rows = await recorded(async () => (answer = await act()));
    expect(rows.map(entryOf)).toEqual([entry(answer!)]);
  });
});

describe('failed sign-ins', () => {
  const attempt = (username: string, password: string, from: string) =>
    request(h.url).post('/api/login/local').set('X-Forwarded-For', from).send({ username, password });

  it('of an existing user are recorded about that user, although the answer is 401', async () => {
    const u = await activeUser({ role: 'admin' });
    const rows = await recorded(() => attempt(u.username, 'Wrong!Pass1', '192.0.2.10').expect(401));
    expect(rows.map(entryOf)).toEqual([
      security('sign-in-failed', actorOf(u, 'Grace Akinyi', 'admin'), u.id, {
        method: 'local',
        reason: 'wrong-password',
      }),
    ]);
  });

  it('with the right password of a deactivated user are recorded as refused for that reason', async () => {
    const u = await activeUser();
    await request(h.url)
      .patch(`/api/users/${u.id}/status`)
      .set(await asRoot())
      .send({ isActive: false })
      .expect(200);
    const rows = await recorded(() => attempt(u.username, PASSWORD, '192.0.2.11').expect(401));
    expect(rows.map(entryOf)).toEqual([
      security('sign-in-failed', actorOf(u, 'Grace Akinyi', 'viewer'), u.id, { method: 'local', reason: 'inactive' }),
    ]);
  });

  it('of an unknown username are recorded about nobody, and the typed username is nowhere in the entry', async () => {
    const typed = 'Kx9!pass'; // what a user types in the wrong box: a password
    const rows = await recorded(() => attempt(typed, 'Wrong!Pass1', '192.0.2.12').expect(401));
    expect(rows.map(entryOf)).toEqual([
      security('sign-in-failed', nobody, null, { method: 'local', reason: 'unknown-username' }),
    ]);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(typed.toLowerCase());
  });

  it('through the identity provider, for a provider user without an account, are recorded about nobody', async () => {
    const rows = await recorded(async () =>
      expect((await walkSignIn(h.url, 'mallory')).landedOn).toBe('/login?error=no_account'),
    );
    expect(rows.map(entryOf)).toEqual([
      security('sign-in-failed', nobody, null, { method: 'oidc', reason: 'no-account' }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('mallory');
  });

  it('a wrong current password on change-password is recorded as a failed sign-in of that user', async () => {
    const u = await activeUser();
    const ctx = (await contextFor(h, (await login(h, u.username, PASSWORD)).token))!;
    const rows = await recorded(() =>
      request(h.url)
        .put('/api/auth/change-password')
        .set(ctx)
        .send({ currentPassword: 'Wrong!Pass1', newPassword: 'Another1!' })
        .expect(400),
    );
    expect(rows.map(entryOf)).toEqual([
      security('sign-in-failed', actorOf(u, 'Grace Akinyi', 'viewer'), u.id, {
        method: 'change-password',
        reason: 'wrong-current-password',
      }),
    ]);
  });
});

describe('lockout', () => {
  const wrong = (username: string, from: string) =>
    request(h.url).post('/api/login/local').set('X-Forwarded-For', from).send({ username, password: 'Wrong!Pass1' });

  it('the failure that locks a user is recorded with the lockout; attempts refused while locked are not', async () => {
    const u = await activeUser({ role: 'admin' });
    for (let i = 0; i < 9; i++) await wrong(u.username, '192.0.2.20').expect(401);
    const rows = await recorded(() => wrong(u.username, '192.0.2.20').expect(401));
    const grace = actorOf(u, 'Grace Akinyi', 'admin');
    expect(rows.map(entryOf)).toEqual([
      security('sign-in-failed', grace, u.id, { method: 'local', reason: 'wrong-password' }),
      security('lockout', grace, u.id, { scope: 'username', minutes: 15 }),
    ]);
    const locked = await recorded(() =>
      request(h.url).post('/api/login/local').send({ username: u.username, password: PASSWORD }).expect(429),
    );
    expect(locked).toEqual([]);
  });

  it('an address locked by failures with many usernames is recorded about nobody, with the address', async () => {
    const from = '198.51.100.9';
    for (let i = 0; i < 19; i++) await wrong(`ghost${i}`, from).expect(401);
    const rows = await recorded(() => wrong('ghost19', from).expect(401));
    expect(rows.map(entryOf)).toEqual([
      security('sign-in-failed', nobody, null, { method: 'local', reason: 'unknown-username' }),
      security('lockout', nobody, null, { scope: 'address', address: from, minutes: 15 }),
    ]);
  });
});

describe('idle expiry', () => {
  it('the session check that finds a session idle removes it and records it once, about its user', async () => {
    const u = await activeUser({ role: 'admin' });
    const session = await login(h, u.username, PASSWORD);
    h.clock.advance(h.config.SESSION_IDLE_MINUTES * MINUTE + 1000);
    const rows = await recorded(async () => expect(await contextFor(h, session.token)).toBeNull());
    expect(rows.map(entryOf)).toEqual([
      security('session-expired', actorOf(u, 'Grace Akinyi', 'admin'), u.id, { idleMinutes: 5 }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(session.token);
    expect(await recorded(async () => expect(await contextFor(h, session.token)).toBeNull())).toEqual([]);
  });
});

describe('a forced password change', () => {
  it('records the change and its completion, about the user', async () => {
    const username = fresh('forced');
    const u = await createUser(h, await asRoot(), { username, firstName: 'Faith', lastName: 'Njeri', role: 'viewer' });
    const ctx = (await contextFor(h, (await login(h, username, 'Temp!pass1')).token))!;
    const rows = await recorded(() =>
      request(h.url)
        .put('/api/auth/change-password')
        .set(ctx)
        .send({ currentPassword: 'Temp!pass1', newPassword: PASSWORD })
        .expect(200),
    );
    const faith = actorOf({ id: u.id, username }, 'Faith Njeri', 'viewer');
    expect(rows.map(entryOf)).toEqual([
      {
        actor: faith,
        action: 'update',
        entityType: 'password',
        entityId: u.id,
        beneficiaryId: null,
        changes: [],
        details: { kind: 'change-by-user' },
      },
      security('password-change-completed', faith, u.id),
    ]);
  });
});

describe('users linked to a child', () => {
  it('an edit of a beneficiary-role user concerns its child, also when the edit unlinks it', async () => {
    const ctx = await asRoot();
    const u = await createUser(h, ctx, { username: fresh('kid'), role: 'beneficiary', beneficiaryId: h.children[1] });
    const rows = await recorded(() =>
      request(h.url)
        .put(`/api/users/${u.id}`)
        .set(ctx)
        .send({ firstName: 'Test', lastName: 'User', role: 'viewer' })
        .expect(200),
    );
    expect(rows.map(entryOf)).toEqual([
      {
        actor: root,
        action: 'update',
        entityType: 'user',
        entityId: u.id,
        beneficiaryId: h.children[1],
        changes: [
          { field: 'role', from: 'beneficiary', to: 'viewer' },
          { field: 'beneficiaryId', from: h.children[1], to: null },
        ],
        details: null,
      },
    ]);
  });
});

describe('the whole trail', () => {
  it('begins with the first superadmin, created by the system at the first start', async () => {
    const [first] = await rowsAfter('0');
    expect(entryOf(first)).toMatchObject({
      actor: { id: null, username: null, name: null, role: 'system' },
      action: 'create',
      entityType: 'user',
      entityId: root.id,
      changes: expect.arrayContaining([{ field: 'username', from: null, to: ADMIN.username }]),
    });
  });

  it('holds no password, password hash or session token', async () => {
    const rows = await rowsAfter('0');
    expect(rows.length).toBeGreaterThan(20);
    const secrets =
      /\$argon2|Kx9!pass|Temp!pass1|Welcome1!|Another1!|Temp1234!|Wrong!Pass1|[A-Za-z0-9_-]{43}|[0-9a-f]{64}/;
    for (const entry of rows) {
      expect({ id: entry.id, leaked: secrets.exec(JSON.stringify(entry))?.[0] ?? null }).toEqual({
        id: entry.id,
        leaked: null,
      });
    }
  });

  it('is an intact chain', async () => {
    const res = await request(h.url).get('/internal/audit/verify').set(asSystem()).expect(200);
    expect(res.body).toMatchObject({ ok: true });
  });
});

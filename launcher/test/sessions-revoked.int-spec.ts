import {
  ROOT,
  createActiveUser,
  domainCall,
  send,
  signIn,
  startRevocationStack,
  type RevocationStack,
} from './session-revocation-harness';

/**
 * A real svc-identity and real gateways on one NATS: a session ended or changed by identity is refused (or
 * re-read) on the very next request through any gateway, although that session was in the gateway's cache
 * (SESSION_CACHE_MS is a minute here, so nothing expires by itself during a test).
 */
let stack: RevocationStack;
let gateway: string;
let root: string;
let n = 0;
/** A fresh active viewer (usernames are at most 10 characters). */
const newUser = async (via = gateway) => {
  const username = `rv${(n += 1)}`;
  const id = await createActiveUser(via, root, username, 'Welcome1!');
  return { id, username, password: 'Welcome1!' };
};

/** Signs in and makes a request that puts the session in the gateway's cache (the second is served from it). */
async function cachedSession(via: string, username: string, password: string): Promise<string> {
  const cookie = await signIn(via, username, password);
  expect((await domainCall(via, cookie)).status).toBe(200);
  const before = stack.resolveCalls();
  expect((await domainCall(via, cookie)).status).toBe(200);
  expect(stack.resolveCalls()).toBe(before);
  return cookie;
}

beforeAll(async () => {
  stack = await startRevocationStack();
  gateway = (await stack.startGateway()).url;
  root = await signIn(gateway, ROOT.username, ROOT.password);
});
afterAll(async () => {
  await stack?.stop();
});

describe('a session ended by identity is refused on the next request through the gateway', () => {
  it('after an admin resets the password', async () => {
    const u = await newUser();
    const cookie = await cachedSession(gateway, u.username, u.password);
    expect(
      (
        await send(gateway, 'PUT', `/api/admin/reset-password/${u.id}`, {
          cookie: root,
          body: { newPassword: 'Reset12!x' },
        })
      ).status,
    ).toBe(200);
    expect((await domainCall(gateway, cookie)).status).toBe(401);
  });

  it('after an admin deactivates the user', async () => {
    const u = await newUser();
    const cookie = await cachedSession(gateway, u.username, u.password);
    expect(
      (await send(gateway, 'PATCH', `/api/users/${u.id}/status`, { cookie: root, body: { isActive: false } })).status,
    ).toBe(200);
    expect((await domainCall(gateway, cookie)).status).toBe(401);
  });

  it('after an admin deletes the user', async () => {
    const u = await newUser();
    const cookie = await cachedSession(gateway, u.username, u.password);
    const deleted = await send(gateway, 'DELETE', `/api/users/${u.id}`, { cookie: root });
    expect(deleted.status).toBe(200);
    // Identity named the user to the gateway on its answer; the client never sees that note.
    expect(Object.keys(deleted.headers).filter((name) => name.startsWith('x-kcf-'))).toEqual([]);
    expect((await domainCall(gateway, cookie)).status).toBe(401);
  });

  it('after the user changes the password in another session', async () => {
    const u = await newUser();
    const cookie = await cachedSession(gateway, u.username, u.password);
    const other = await signIn(gateway, u.username, u.password);
    const changed = await send(gateway, 'PUT', '/api/auth/change-password', {
      cookie: other,
      body: { currentPassword: u.password, newPassword: 'Welcome2!' },
    });
    expect(changed.status).toBe(200);
    expect((await domainCall(gateway, cookie)).status).toBe(401);
  });

  it('after the user signs out in a browser whose cookie was copied elsewhere (through the same gateway)', async () => {
    const u = await newUser();
    const cookie = await cachedSession(gateway, u.username, u.password);
    expect((await send(gateway, 'POST', '/api/logout/local', { cookie })).status).toBe(200);
    expect((await domainCall(gateway, cookie)).status).toBe(401);
  });
});

describe('a change to a user reaches the next request of its cached sessions', () => {
  it('carries the new role at once after an admin changes it', async () => {
    const u = await newUser();
    const cookie = await cachedSession(gateway, u.username, u.password);
    expect((await domainCall(gateway, cookie)).body).toMatchObject({ userId: u.id, role: 'viewer' });
    const edit = await send(gateway, 'PUT', `/api/users/${u.id}`, {
      cookie: root,
      body: { firstName: 'Test', lastName: 'User', role: 'admin' },
    });
    expect(edit.status).toBe(200);
    expect((await domainCall(gateway, cookie)).body).toMatchObject({ userId: u.id, role: 'admin' });
  });

  it('leaves the cached sessions of other users alone', async () => {
    const a = await newUser();
    const b = await newUser();
    const cookieB = await cachedSession(gateway, b.username, b.password);
    expect(
      (
        await send(gateway, 'PUT', `/api/admin/reset-password/${a.id}`, {
          cookie: root,
          body: { newPassword: 'Reset12!x' },
        })
      ).status,
    ).toBe(200);
    const before = stack.resolveCalls();
    expect((await domainCall(gateway, cookieB)).status).toBe(200);
    expect(stack.resolveCalls()).toBe(before);
  });
});

describe('two gateways on one NATS', () => {
  it('refuses at once on gateway B a session ended through gateway A', async () => {
    const b = (await stack.startGateway()).url;
    const u = await newUser();
    const cookie = await cachedSession(gateway, u.username, u.password);
    // The same session, cached on B too.
    expect((await domainCall(b, cookie)).status).toBe(200);
    const before = stack.resolveCalls();
    expect((await domainCall(b, cookie)).status).toBe(200);
    expect(stack.resolveCalls()).toBe(before);

    expect((await send(gateway, 'POST', '/api/logout/local', { cookie })).status).toBe(200);
    expect((await domainCall(b, cookie)).status).toBe(401);
  });

  it('refuses at once on gateway B a session whose password was reset through gateway A', async () => {
    const b = (await stack.startGateway()).url;
    const u = await newUser();
    const cookie = await cachedSession(b, u.username, u.password);
    expect(
      (
        await send(gateway, 'PUT', `/api/admin/reset-password/${u.id}`, {
          cookie: root,
          body: { newPassword: 'Reset12!x' },
        })
      ).status,
    ).toBe(200);
    expect((await domainCall(b, cookie)).status).toBe(401);
    expect((await domainCall(gateway, cookie)).status).toBe(401);
  });
});

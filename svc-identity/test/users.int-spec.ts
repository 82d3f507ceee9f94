import request from 'supertest';
import {
  ADMIN,
  asRoot,
  asUser,
  contextFor,
  createActiveUser,
  createUser,
  login,
  startIdentity,
  type IdentityHarness,
} from './identity-harness';

let h: IdentityHarness;
let root: Record<string, string>;
let rootId: string;
beforeAll(async () => {
  h = await startIdentity({}, { children: 2 });
  root = await asRoot(h);
  rootId = (await login(h, ADMIN.username, ADMIN.password)).user.id;
});
afterAll(async () => {
  await h?.stop();
});

const valid = { firstName: 'Amina', lastName: 'Wekesa', username: 'amina', password: 'Temp!pass1', role: 'viewer' };

describe('GET /api/users', () => {
  it('lists every user for the superadmin, without password hashes', async () => {
    await createUser(h, root, { username: 'listme' });
    const res = await request(h.url).get('/api/users').set(root).expect(200);
    expect(res.body.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining([ADMIN.username, 'listme']),
    );
    for (const u of res.body) {
      expect(Object.keys(u)).not.toContain('passwordHash');
      expect(u).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          role: expect.any(String),
          isActive: expect.any(Boolean),
          createdAt: expect.any(String),
        }),
      );
    }
  });

  it('pages the list oldest first, with X-Total-Count, and refuses a bad limit', async () => {
    for (const name of ['pagea', 'pageb', 'pagec']) await createUser(h, root, { username: name });
    const all = await request(h.url).get('/api/users?limit=500').set(root).expect(200);
    const total = all.body.length;
    expect(all.headers['x-total-count']).toBe(String(total));
    const first = await request(h.url).get('/api/users?limit=2&offset=0').set(root).expect(200);
    const rest = await request(h.url).get(`/api/users?limit=${total}&offset=2`).set(root).expect(200);
    expect(first.headers['x-total-count']).toBe(String(total));
    expect([...first.body, ...rest.body].map((u: { id: string }) => u.id)).toEqual(
      all.body.map((u: { id: string }) => u.id),
    );
    const filtered = await request(h.url).get('/api/users?search=page&limit=1&offset=1').set(root).expect(200);
    expect([filtered.headers['x-total-count'], filtered.body.map((u: { username: string }) => u.username)]).toEqual([
      '3',
      ['pageb'],
    ]);
    const bad = await request(h.url).get('/api/users?limit=0').set(root).expect(400);
    expect(bad.body.message).toBe('Limit must be between 1 and 500');
  });

  it.each(['viewer', 'admin', 'beneficiary'] as const)('answers 403 Forbidden to a %s', async (role) => {
    const res = await request(h.url)
      .get('/api/users')
      .set(asUser({ userId: rootId, role, beneficiaryId: 'KCF-000001' }))
      .expect(403);
    expect(res.body.message).toBe('Forbidden');
  });

  it('answers 401 to the signed out', async () => {
    await request(h.url).get('/api/users').expect(401);
  });
});

describe('POST /api/users', () => {
  it('creates a user who must change the temporary password at first sign-in', async () => {
    const res = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, email: 'amina@example.org' })
      .expect(201);
    expect(res.body).toMatchObject({
      username: 'amina',
      firstName: 'Amina',
      lastName: 'Wekesa',
      email: 'amina@example.org',
      role: 'viewer',
      isActive: true,
      mustChangePassword: true,
      beneficiaryId: null,
    });
    const signedIn = await login(h, 'amina', 'Temp!pass1');
    expect(signedIn.user.mustChangePassword).toBe(true);
  });

  it('answers 409 to a username taken in any case', async () => {
    const res = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, username: 'AMINA' })
      .expect(409);
    expect(res.body.message).toBe('Username already exists');
  });

  it('needs the linked child for the beneficiary role and keeps it', async () => {
    const missing = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, username: 'kid1', role: 'beneficiary' })
      .expect(400);
    expect(missing.body.errors).toEqual([{ path: 'beneficiaryId', message: 'Beneficiary is required' }]);
    const res = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, username: 'kid1', role: 'beneficiary', beneficiaryId: h.children[0] })
      .expect(201);
    expect(res.body).toMatchObject({ role: 'beneficiary', beneficiaryId: h.children[0] });
  });

  it('answers 400 with the product’s messages to a bad body', async () => {
    const res = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ firstName: ' ', username: 'abcdefghijk', password: 'abc' })
      .expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
        { path: 'username', message: 'Username must be 10 characters or less' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('refuses a temporary password the sign-in form would refuse, with its messages, and saves nothing', async () => {
    const sixLetters = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, username: 'locked1', password: 'abcdef' })
      .expect(400);
    expect(sixLetters.body.errors).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters' },
      { path: 'password', message: 'Password must contain at least one uppercase letter' },
      { path: 'password', message: 'Password must contain at least one symbol' },
    ]);
    const noSymbol = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, username: 'locked1', password: 'Abcdefgh1' })
      .expect(400);
    expect(noSymbol.body.errors).toEqual([{ path: 'password', message: 'Password must contain at least one symbol' }]);
    const listed = await request(h.url).get('/api/users?search=locked1').set(root).expect(200);
    expect(listed.body).toEqual([]);

    // What it accepts, the new user can sign in with.
    await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, username: 'locked1', password: 'Abcdefg#' })
      .expect(201);
    expect((await login(h, 'locked1', 'Abcdefg#')).user.mustChangePassword).toBe(true);
  });

  it('lets a superadmin create another superadmin (the dialog offers the role)', async () => {
    const res = await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...valid, username: 'boss2', role: 'superadmin' })
      .expect(201);
    expect(res.body).toMatchObject({ role: 'superadmin', mustChangePassword: true });
  });

  it('answers 403 to an admin', async () => {
    await request(h.url)
      .post('/api/users')
      .set(asUser({ userId: rootId, role: 'admin' }))
      .send({ ...valid, username: 'nope' })
      .expect(403);
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates names, email and role, leaving an absent email alone', async () => {
    const u = await createUser(h, root, { username: 'edit1', email: 'e1@example.org' });
    const res = await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'Grace', lastName: 'Akinyi', role: 'admin' })
      .expect(200);
    expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Akinyi', role: 'admin', email: 'e1@example.org' });
    const cleared = await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'Grace', lastName: 'Akinyi', role: 'admin', email: '' });
    expect(cleared.body.email).toBeNull();
  });

  it('links and unlinks the child with the beneficiary role', async () => {
    const u = await createUser(h, root, { username: 'edit2' });
    const linked = await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'A', lastName: 'B', role: 'beneficiary', beneficiaryId: h.children[1] })
      .expect(200);
    expect(linked.body.beneficiaryId).toBe(h.children[1]);
    const staff = await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'A', lastName: 'B', role: 'viewer', beneficiaryId: h.children[1] });
    expect(staff.body).toMatchObject({ role: 'viewer', beneficiaryId: null });
  });

  it("never changes a superadmin's role and never promotes to superadmin (403)", async () => {
    const demote = await request(h.url)
      .put(`/api/users/${rootId}`)
      .set(root)
      .send({ firstName: 'Sys', lastName: 'Admin', role: 'admin' })
      .expect(403);
    expect(demote.body.message).toBe("A superadmin's role cannot be changed");
    const u = await createUser(h, root, { username: 'edit3' });
    const promote = await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'A', lastName: 'B', role: 'superadmin' })
      .expect(403);
    expect(promote.body.message).toMatch(/cannot be made a superadmin/);
  });

  it("updates a superadmin's own name", async () => {
    const res = await request(h.url)
      .put(`/api/users/${rootId}`)
      .set(root)
      .send({ firstName: 'System', lastName: 'Admin', role: 'superadmin' })
      .expect(200);
    expect(res.body).toMatchObject({ firstName: 'System', lastName: 'Admin', role: 'superadmin' });
  });

  it('answers 404 to an unknown or malformed id and 400 to a bad body', async () => {
    const body = { firstName: 'A', lastName: 'B', role: 'viewer' };
    await request(h.url).put('/api/users/6f1c2d3e-0000-4000-8000-000000000000').set(root).send(body).expect(404);
    const bad = await request(h.url).put('/api/users/not-a-user').set(root).send(body).expect(404);
    expect(bad.body.message).toBe('User not found');
    const u = await createUser(h, root, { username: 'edit4' });
    await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: '', lastName: 'B', role: 'owner' })
      .expect(400);
  });
});

describe('PATCH /api/users/{id}/status', () => {
  it('deactivates (ending the sessions, refusing sign-in) and reactivates', async () => {
    await createActiveUser(h, root, { username: 'stat1', password: 'Welcome1!' });
    const session = await login(h, 'stat1', 'Welcome1!');
    const id = session.user.id;
    const off = await request(h.url).patch(`/api/users/${id}/status`).set(root).send({ isActive: false }).expect(200);
    expect(off.body.isActive).toBe(false);
    expect(await contextFor(h, session.token)).toBeNull();
    const refused = await request(h.url)
      .post('/api/login/local')
      .send({ username: 'stat1', password: 'Welcome1!' })
      .expect(401);
    expect(refused.body.message).toBe('Invalid credentials');
    await request(h.url).patch(`/api/users/${id}/status`).set(root).send({ isActive: true }).expect(200);
    await login(h, 'stat1', 'Welcome1!');
  });

  it('refuses to change its own status or a superadmin’s (403) and checks the body (400)', async () => {
    await request(h.url).patch(`/api/users/${rootId}/status`).set(root).send({ isActive: false }).expect(403);
    const other = await createUser(h, root, { username: 'boss3', role: 'superadmin' });
    const res = await request(h.url)
      .patch(`/api/users/${other.id}/status`)
      .set(root)
      .send({ isActive: false })
      .expect(403);
    expect(res.body.message).toMatch(/superadmin/);
    await request(h.url).patch(`/api/users/${other.id}/status`).set(root).send({ isActive: 'no' }).expect(400);
    await request(h.url)
      .patch('/api/users/6f1c2d3e-0000-4000-8000-000000000000/status')
      .set(root)
      .send({ isActive: true })
      .expect(404);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user and ends its sessions', async () => {
    await createActiveUser(h, root, { username: 'del1', password: 'Welcome1!' });
    const session = await login(h, 'del1', 'Welcome1!');
    const res = await request(h.url).delete(`/api/users/${session.user.id}`).set(root).expect(200);
    expect(res.body.message).toBe('User deleted successfully');
    expect(await contextFor(h, session.token)).toBeNull();
    await request(h.url).delete(`/api/users/${session.user.id}`).set(root).expect(404);
    const list = await request(h.url).get('/api/users').set(root);
    expect(list.body.map((u: { username: string }) => u.username)).not.toContain('del1');
  });

  it('refuses to delete itself or another superadmin (403)', async () => {
    const self = await request(h.url).delete(`/api/users/${rootId}`).set(root).expect(403);
    expect(self.body.message).toBe('You cannot delete your own account');
    const other = await createUser(h, root, { username: 'boss4', role: 'superadmin' });
    const res = await request(h.url).delete(`/api/users/${other.id}`).set(root).expect(403);
    expect(res.body.message).toBe('A superadmin account cannot be deleted');
  });

  it('answers 403 to an admin and 401 to the signed out', async () => {
    const u = await createUser(h, root, { username: 'del2' });
    await request(h.url)
      .delete(`/api/users/${u.id}`)
      .set(asUser({ userId: rootId, role: 'admin' }))
      .expect(403);
    await request(h.url).delete(`/api/users/${u.id}`).expect(401);
  });
});

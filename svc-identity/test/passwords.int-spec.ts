import request from 'supertest';
import {
  ADMIN,
  asRoot,
  contextFor,
  createActiveUser,
  createUser,
  isAlive,
  login,
  startIdentity,
  type IdentityHarness,
} from './identity-harness';

let h: IdentityHarness;
let root: Record<string, string>;
beforeAll(async () => {
  h = await startIdentity();
  root = await asRoot(h);
});
afterAll(async () => {
  await h?.stop();
});

describe('a new user must change the temporary password', () => {
  it('reaches only signed-in routes (current user, change password, logout) until it does', async () => {
    await createUser(h, root, { username: 'newbie', role: 'admin' });
    const first = await login(h, 'newbie', 'Temp!pass1');
    const ctx = (await contextFor(h, first.token))!;
    const me = await request(h.url).get('/api/auth/user').set(ctx).expect(200);
    expect(me.body).toMatchObject({ username: 'newbie', mustChangePassword: true });
    const blocked = await request(h.url)
      .get('/api/users')
      .set({ ...ctx })
      .expect(403);
    expect(blocked.body.message).toBe('Password change required');

    const changed = await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .set('Cookie', first.cookie)
      .send({ currentPassword: 'Temp!pass1', newPassword: 'Welcome1!' })
      .expect(200);
    expect(changed.body).toEqual({ message: expect.any(String), logout: true });
    expect(String(changed.headers['set-cookie'])).toMatch(/kcf_sid=;/);
    expect(await isAlive(h, first.token)).toBe(false);

    const again = await login(h, 'newbie', 'Welcome1!');
    expect(again.user.mustChangePassword).toBe(false);
    await request(h.url).post('/api/logout/local').set('Cookie', again.cookie).expect(200);
    expect(await isAlive(h, again.token)).toBe(false);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('ends ALL sessions of the user', async () => {
    await createActiveUser(h, root, { username: 'multi', password: 'Welcome1!' });
    const a = await login(h, 'multi', 'Welcome1!');
    const b = await login(h, 'multi', 'Welcome1!');
    const ctx = (await contextFor(h, a.token))!;
    await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: 'Welcome1!', newPassword: 'Welcome2!' })
      .expect(200);
    expect(await isAlive(h, a.token)).toBe(false);
    expect(await isAlive(h, b.token)).toBe(false);
    await request(h.url).post('/api/login/local').send({ username: 'multi', password: 'Welcome1!' }).expect(401);
    await login(h, 'multi', 'Welcome2!');
  });

  it('answers 400 with a clear message to a wrong current password, and keeps the session', async () => {
    await createActiveUser(h, root, { username: 'wrongcur', password: 'Welcome1!' });
    const s = await login(h, 'wrongcur', 'Welcome1!');
    const ctx = (await contextFor(h, s.token))!;
    const res = await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: 'Nope1234!', newPassword: 'Welcome2!' })
      .expect(400);
    expect(res.body.message).toBe('Current password is incorrect');
    expect(res.body.errors).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    expect(await isAlive(h, s.token)).toBe(true);
  });

  it('checks the new password policy with the screen messages (400)', async () => {
    const s = await login(h, ADMIN.username, ADMIN.password);
    const ctx = (await contextFor(h, s.token))!;
    const short = await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: ADMIN.password, newPassword: 'Ab1!' })
      .expect(400);
    expect(short.body.errors).toEqual([{ path: 'newPassword', message: 'Password must be at least 8 characters' }]);
    const weak = await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: ADMIN.password, newPassword: 'welcome11' })
      .expect(400);
    expect(weak.body.errors[0].message).toBe(
      'Password must contain uppercase, lowercase, number, and special character',
    );
    const same = await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: ADMIN.password, newPassword: ADMIN.password })
      .expect(400);
    expect(same.body.message).toBe('New password must be different from the current password');
    const empty = await request(h.url).put('/api/auth/change-password').set(ctx).send({}).expect(400);
    expect(empty.body.errors.map((e: { path: string }) => e.path)).toEqual(['currentPassword', 'newPassword']);
  });

  it('answers 401 to the signed out', async () => {
    await request(h.url)
      .put('/api/auth/change-password')
      .send({ currentPassword: 'x', newPassword: 'Welcome1!' })
      .expect(401);
  });
});

describe('PUT /api/admin/reset-password/{id}', () => {
  it('sets a temporary password, forces a change and ends the user’s sessions', async () => {
    const u = await createActiveUser(h, root, { username: 'resetme', password: 'Welcome1!' });
    const s = await login(h, 'resetme', 'Welcome1!');
    const res = await request(h.url)
      .put(`/api/admin/reset-password/${u.id}`)
      .set(root)
      .send({ newPassword: 'Reset12!x' })
      .expect(200);
    expect(res.body.message).toMatch(/Password reset successfully/);
    expect(await isAlive(h, s.token)).toBe(false);
    await request(h.url).post('/api/login/local').send({ username: 'resetme', password: 'Welcome1!' }).expect(401);
    const after = await login(h, 'resetme', 'Reset12!x');
    expect(after.user.mustChangePassword).toBe(true);
    const ctx = (await contextFor(h, after.token))!;
    const blocked = await request(h.url).get('/api/users').set(ctx).expect(403);
    expect(blocked.body.message).toBe('Password change required');
  });

  it('answers 400 with the reset message to a weak password', async () => {
    const u = await createUser(h, root, { username: 'resetweak' });
    const res = await request(h.url)
      .put(`/api/admin/reset-password/${u.id}`)
      .set(root)
      .send({ newPassword: 'weakpass' })
      .expect(400);
    expect(res.body.message).toBe(
      'Password must be at least 8 characters with uppercase, lowercase, number, and special character',
    );
  });

  it('refuses to reset itself or another superadmin (403), and unknown users are 404', async () => {
    const me = await login(h, ADMIN.username, ADMIN.password);
    const self = await request(h.url)
      .put(`/api/admin/reset-password/${me.user.id}`)
      .set(root)
      .send({ newPassword: 'Reset12!x' })
      .expect(403);
    expect(self.body.message).toMatch(/Change Password/);
    const boss = await createUser(h, root, { username: 'boss', role: 'superadmin' });
    const other = await request(h.url)
      .put(`/api/admin/reset-password/${boss.id}`)
      .set(root)
      .send({ newPassword: 'Reset12!x' })
      .expect(403);
    expect(other.body.message).toBe("A superadmin's password cannot be reset");
    await request(h.url)
      .put('/api/admin/reset-password/6f1c2d3e-0000-4000-8000-000000000000')
      .set(root)
      .send({ newPassword: 'Reset12!x' })
      .expect(404);
  });

  it('is for the superadmin only', async () => {
    const u = await createActiveUser(h, root, { username: 'adm', password: 'Welcome1!', role: 'admin' });
    const ctx = (await contextFor(h, (await login(h, 'adm', 'Welcome1!')).token))!;
    const res = await request(h.url)
      .put(`/api/admin/reset-password/${u.id}`)
      .set(ctx)
      .send({ newPassword: 'Reset12!x' })
      .expect(403);
    expect(res.body.message).toBe('Forbidden');
  });
});

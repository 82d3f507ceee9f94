import request from 'supertest';
import {
  InProcessEventBus,
  InProcessSessionRevocations,
  type RunningService,
  type SessionRevocations,
} from '@kcf/server-kit';
import { startIdentityService } from '../src';
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

/**
 * Identity tells the gateways (SessionRevocations) about every change that ends or alters a user's
 * sessions, once the change is saved and before it answers; never for a change that was refused.
 * The channel here is the in-process one, so a notice is heard before the answer leaves.
 */
let base: IdentityHarness;
let h: IdentityHarness;
let other: RunningService;
let bus: InProcessEventBus;
const channel = new InProcessSessionRevocations();
let heard: string[] = [];
let root: Record<string, string>;

beforeAll(async () => {
  base = await startIdentity();
  // A second identity on the same database, with the channel a test can listen to.
  bus = new InProcessEventBus();
  other = await startIdentityService(base.config, {
    shutdownHooks: false,
    clock: base.clock,
    inProcessBus: bus,
    sessionRevocations: channel,
  });
  h = { ...base, url: other.url, service: other };
  channel.subscribe(
    (userId) => heard.push(userId),
    () => undefined,
  );
  root = await asRoot(h);
});
afterAll(async () => {
  await other?.close();
  await bus?.close();
  await base?.stop();
});
beforeEach(() => {
  heard = [];
});

let n = 0;
const newUser = () => createActiveUser(h, root, { username: `sn${(n += 1)}`, password: 'Welcome1!' });

describe('session notices', () => {
  it('are sent for an admin reset, before the answer, and not for a refused one', async () => {
    const u = await newUser();
    heard = [];
    await request(h.url)
      .put(`/api/admin/reset-password/${u.id}`)
      .set(root)
      .send({ newPassword: 'Reset12!x' })
      .expect(200);
    expect(heard).toEqual([u.id]);
    const me = (await login(h, ADMIN.username, ADMIN.password)).user;
    heard = [];
    await request(h.url)
      .put(`/api/admin/reset-password/${me.id}`)
      .set(root)
      .send({ newPassword: 'Reset12!x' })
      .expect(403);
    expect(heard).toEqual([]);
  });

  it('are sent for the user’s own password change, not for a wrong current password', async () => {
    const u = await newUser();
    const s = await login(h, `sn${n}`, 'Welcome1!');
    const ctx = (await contextFor(h, s.token))!;
    heard = [];
    await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: 'Wrong!Pass1', newPassword: 'Welcome2!' })
      .expect(400);
    expect(heard).toEqual([]);
    await request(h.url)
      .put('/api/auth/change-password')
      .set(ctx)
      .send({ currentPassword: 'Welcome1!', newPassword: 'Welcome2!' })
      .expect(200);
    expect(heard).toEqual([u.id]);
  });

  it('are sent for deactivation, activation, an edit and a deletion, not for a creation', async () => {
    const u = await newUser();
    heard = [];
    await request(h.url).patch(`/api/users/${u.id}/status`).set(root).send({ isActive: false }).expect(200);
    await request(h.url).patch(`/api/users/${u.id}/status`).set(root).send({ isActive: true }).expect(200);
    await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'New', lastName: 'Name', role: 'admin' })
      .expect(200);
    await request(h.url).delete(`/api/users/${u.id}`).set(root).expect(200);
    expect(heard).toEqual([u.id, u.id, u.id, u.id]);
    heard = [];
    await createUser(h, root, { username: `sn${(n += 1)}` });
    expect(heard).toEqual([]);
  });

  it('are sent when a session is signed out, and for the previous session a new sign-in ends', async () => {
    const u = await newUser();
    const first = await login(h, `sn${n}`, 'Welcome1!');
    heard = [];
    const again = await request(h.url)
      .post('/api/login/local')
      .set('Cookie', first.cookie)
      .send({ username: `sn${n}`, password: 'Welcome1!' })
      .expect(200);
    expect(heard).toEqual([u.id]);
    expect(await isAlive(h, first.token)).toBe(false);
    const second = /kcf_sid=([^;]+)/.exec(([] as string[]).concat(again.headers['set-cookie'] ?? []).join(';'))![1];
    heard = [];
    await request(h.url).post('/api/logout/local').set('Cookie', `kcf_sid=${second}`).expect(200);
    expect(heard).toEqual([u.id]);
    heard = [];
    await request(h.url).post('/api/logout/local').set('Cookie', `kcf_sid=${second}`).expect(200);
    expect(heard).toEqual([]);
  });
});

describe('a notice that cannot be sent', () => {
  it('is logged, and the change is saved and answered as usual', async () => {
    const failing: SessionRevocations = {
      publish: () => Promise.reject(new Error('NATS is down')),
      subscribe: () => () => undefined,
      close: async () => undefined,
    };
    const otherBus = new InProcessEventBus();
    const broken = await startIdentityService(base.config, {
      shutdownHooks: false,
      clock: base.clock,
      inProcessBus: otherBus,
      sessionRevocations: failing,
    });
    try {
      const hb = { ...base, url: broken.url, service: broken };
      const broot = await asRoot(hb);
      const u = await createActiveUser(hb, broot, { username: `sn${(n += 1)}`, password: 'Welcome1!' });
      const s = await login(hb, `sn${n}`, 'Welcome1!');
      await request(broken.url)
        .put(`/api/admin/reset-password/${u.id}`)
        .set(broot)
        .send({ newPassword: 'Reset12!x' })
        .expect(200);
      expect(await isAlive(hb, s.token)).toBe(false);
      await login(hb, `sn${n}`, 'Reset12!x');
    } finally {
      await broken.close();
      await otherBus.close();
    }
  });
});

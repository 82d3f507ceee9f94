import { connect, type NatsConnection } from '@nats-io/transport-node';
import { sessionRevocationSubject } from '@kcf/server-kit';
import {
  ROOT,
  createActiveUser,
  domainCall,
  eventually,
  send,
  signIn,
  startRevocationStack,
  type RevocationStack,
} from './session-revocation-harness';

/**
 * The gateway serves a session from its cache only while it can hear identity's notices. With its NATS
 * connection down (or no channel at all) it asks identity on every request, so a notice lost meanwhile
 * changes nothing; once the connection is back it starts again with an empty cache.
 */
let stack: RevocationStack;
beforeAll(async () => {
  stack = await startRevocationStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Whether the second of two requests of a session was answered without asking identity. */
async function servedFromCache(gateway: string, cookie: string): Promise<boolean> {
  expect((await domainCall(gateway, cookie)).status).toBe(200);
  const before = stack.resolveCalls();
  expect((await domainCall(gateway, cookie)).status).toBe(200);
  return stack.resolveCalls() === before;
}

/** Requests of a session, each answered 200; returns how many of them asked identity. */
async function lookupsFor(gateway: string, cookie: string, requests: number): Promise<number> {
  const before = stack.resolveCalls();
  for (let i = 0; i < requests; i++) expect((await domainCall(gateway, cookie)).status).toBe(200);
  return stack.resolveCalls() - before;
}

/** Waits until identity's notices reach NATS again (identity reconnects on its own schedule). */
async function identityHeardOnNats(gateway: string, root: string, userId: string): Promise<void> {
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({ servers: stack.nats.url });
    const heard: string[] = [];
    nc.subscribe(sessionRevocationSubject(stack.prefix), {
      callback: (_e, m) => heard.push((m.json() as { userId: string }).userId),
    });
    await nc.flush();
    await eventually(
      async () => {
        const edit = await send(gateway, 'PUT', `/api/users/${userId}`, {
          cookie: root,
          body: { firstName: 'Still', lastName: 'Here', role: 'viewer' },
        });
        expect(edit.status).toBe(200);
        await new Promise((r) => setTimeout(r, 100));
        return heard.includes(userId);
      },
      15_000,
      "identity's notices on NATS",
    );
  } finally {
    await nc?.close();
  }
}

describe('a gateway whose NATS connection is down', () => {
  it('asks identity on every request while NATS is down, refuses a session ended meanwhile, and caches again once NATS is back', async () => {
    const gateway = (await stack.startGateway()).url;
    const root = await signIn(gateway, ROOT.username, ROOT.password);
    const id = await createActiveUser(gateway, root, 'down1', 'Welcome1!');
    const other = await createActiveUser(gateway, root, 'down2', 'Welcome1!');
    const cookie = await signIn(gateway, 'down1', 'Welcome1!');
    expect(await servedFromCache(gateway, cookie)).toBe(true);

    await stack.nats.shutdown();
    // The gateway hears the connection close; from then on nothing is served from its cache.
    await eventually(async () => (await lookupsFor(gateway, cookie, 2)) === 2, 5_000, 'the gateway stops caching');
    expect(await lookupsFor(gateway, cookie, 5)).toBe(5);

    // The reset's notice cannot go out (identity's NATS is down too): the gateway refuses the session anyway.
    expect(
      (
        await send(gateway, 'PUT', `/api/admin/reset-password/${id}`, {
          cookie: root,
          body: { newPassword: 'Reset12!x' },
        })
      ).status,
    ).toBe(200);
    expect((await domainCall(gateway, cookie)).status).toBe(401);

    await stack.nats.start();
    const again = await signIn(gateway, 'down1', 'Reset12!x');
    await eventually(() => servedFromCache(gateway, again), 15_000, 'the gateway caches again');

    // And notices work again: a reset ends the cached session at once.
    await identityHeardOnNats(gateway, root, other);
    expect(await servedFromCache(gateway, again)).toBe(true);
    expect(
      (
        await send(gateway, 'PUT', `/api/admin/reset-password/${id}`, {
          cookie: root,
          body: { newPassword: 'Reset34!x' },
        })
      ).status,
    ).toBe(200);
    expect((await domainCall(gateway, again)).status).toBe(401);
  });

  it('starts while NATS is down without caching, and caches once NATS is up', async () => {
    const root = await signIn((await stack.startGateway()).url, ROOT.username, ROOT.password);
    await stack.nats.shutdown();
    try {
      const gateway = (await stack.startGateway()).url;
      expect(await lookupsFor(gateway, root, 4)).toBe(4);
      await stack.nats.start();
      await eventually(() => servedFromCache(gateway, root), 15_000, 'the gateway caches once NATS is up');
    } finally {
      await stack.nats.start();
    }
  });
});

describe('a gateway without a notice channel', () => {
  it('caches nothing when NATS_URL is absent (each request asks identity)', async () => {
    const gateway = (await stack.startGateway({ NATS_URL: '' })).url;
    const cookie = await signIn(gateway, ROOT.username, ROOT.password);
    expect(await lookupsFor(gateway, cookie, 4)).toBe(4);
  });
});

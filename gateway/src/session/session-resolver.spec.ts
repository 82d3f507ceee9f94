import { InternalClient } from '@kcf/server-kit/http';
import { InProcessSessionRevocations, type SessionRevocations } from '@kcf/server-kit/sessions';
import { SessionResolver } from './session-resolver';

const users: Record<string, { id: string; role: 'viewer' | 'admin' }> = {
  's-a1': { id: 'a', role: 'viewer' },
  's-a2': { id: 'a', role: 'viewer' },
  's-b1': { id: 'b', role: 'admin' },
};

/** Identity's resolve call, counted; `hold()` keeps the next answers until `release()`. */
function fakeIdentity() {
  let calls = 0;
  let held: (() => void)[] | null = null;
  // The real client's call() (answer checked against the contract's schema), over a fake transport.
  class FakeIdentity extends InternalClient {
    override async request<T>(
      _method: string,
      _path: string,
      options: { body?: unknown } = {},
    ): Promise<{ status: number; body: T }> {
      calls += 1;
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      const { sessionId } = options.body as { sessionId: string };
      const user = users[sessionId];
      if (!user) return { status: 401, body: { message: 'Unauthorized' } as T };
      return {
        status: 200,
        body: { sessionId: `h-${sessionId}`, user: { ...user, beneficiaryId: null, mustChangePassword: false } } as T,
      };
    }
  }
  return {
    client: new FakeIdentity('http://identity.invalid', 'secret', 'gateway'),
    calls: () => calls,
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((go) => go());
    },
  };
}

/** A channel whose state the test sets. */
function switchableChannel() {
  const inner = new InProcessSessionRevocations();
  let onConnection: ((up: boolean) => void) | null = null;
  const channel: SessionRevocations = {
    publish: (userId) => inner.publish(userId),
    subscribe: (listener, connection) => {
      onConnection = connection;
      return inner.subscribe(listener, connection);
    },
    close: () => inner.close(),
  };
  return { channel, set: (up: boolean) => onConnection?.(up) };
}

const options = { cacheMs: 60_000, cacheSize: 100 };

describe('SessionResolver', () => {
  it('answers no session, without asking identity, for a cookie no session id could be (too long)', async () => {
    const identity = fakeIdentity();
    const resolver = new SessionResolver(identity.client, options);
    await expect(resolver.resolve('x'.repeat(300))).resolves.toBeNull();
    expect(identity.calls()).toBe(0);
  });

  it('caches nothing without a notice channel, but still shares one call among concurrent requests', async () => {
    const identity = fakeIdentity();
    const resolver = new SessionResolver(identity.client, options);
    await Promise.all([resolver.resolve('s-a1'), resolver.resolve('s-a1'), resolver.resolve('s-a1')]);
    expect(identity.calls()).toBe(1);
    await resolver.resolve('s-a1');
    expect(identity.calls()).toBe(2);
    expect(resolver.peek('s-a1')).toBeUndefined();
  });

  it('caches while the channel is up, and a notice drops every session of that user only', async () => {
    const identity = fakeIdentity();
    const channel = new InProcessSessionRevocations();
    const resolver = new SessionResolver(identity.client, { ...options, revocations: channel });
    for (const s of ['s-a1', 's-a2', 's-b1', 's-none']) await resolver.resolve(s);
    expect(identity.calls()).toBe(4);
    expect(resolver.peek('s-a1')).toMatchObject({ userId: 'a' });
    expect(resolver.peek('s-none')).toBeNull();

    await channel.publish('a');
    expect([resolver.peek('s-a1'), resolver.peek('s-a2')]).toEqual([undefined, undefined]);
    expect(resolver.peek('s-b1')).toMatchObject({ userId: 'b' });
    expect(resolver.peek('s-none')).toBeNull();
    await resolver.resolve('s-a1');
    await resolver.resolve('s-b1');
    expect(identity.calls()).toBe(5);
  });

  it('neither remembers nor shares a call that was in flight when a notice came', async () => {
    const identity = fakeIdentity();
    const channel = new InProcessSessionRevocations();
    const resolver = new SessionResolver(identity.client, { ...options, revocations: channel });
    identity.hold();
    const early = resolver.resolve('s-a1');
    await channel.publish('a');
    const late = resolver.resolve('s-a1');
    identity.release();
    await Promise.all([early, late]);
    expect(identity.calls()).toBe(2);
    // The answer asked after the notice is remembered; the one from before it was not allowed to be.
    expect(resolver.peek('s-a1')).toMatchObject({ userId: 'a' });
  });

  it('serves nothing from memory while the channel is down, and starts empty when it is back', async () => {
    const identity = fakeIdentity();
    const { channel, set } = switchableChannel();
    const resolver = new SessionResolver(identity.client, { ...options, revocations: channel });
    await resolver.resolve('s-b1');
    expect(resolver.peek('s-b1')).toBeDefined();

    set(false);
    expect(resolver.peek('s-b1')).toBeUndefined();
    await resolver.resolve('s-b1');
    await resolver.resolve('s-b1');
    expect(identity.calls()).toBe(3);

    set(true);
    expect(resolver.peek('s-b1')).toBeUndefined();
    await resolver.resolve('s-b1');
    await resolver.resolve('s-b1');
    expect(identity.calls()).toBe(4);
  });

  it('does not remember an answer that was in flight when the channel went down and up again', async () => {
    const identity = fakeIdentity();
    const { channel, set } = switchableChannel();
    const resolver = new SessionResolver(identity.client, { ...options, revocations: channel });
    identity.hold();
    const pending = resolver.resolve('s-b1');
    set(false);
    set(true);
    identity.release();
    await pending;
    expect(resolver.peek('s-b1')).toBeUndefined();
  });

  it('stops listening when closed', async () => {
    const identity = fakeIdentity();
    const channel = new InProcessSessionRevocations();
    const resolver = new SessionResolver(identity.client, { ...options, revocations: channel });
    await resolver.resolve('s-a1');
    resolver.close();
    expect(resolver.peek('s-a1')).toBeUndefined();
    await resolver.resolve('s-a1');
    await resolver.resolve('s-a1');
    expect(identity.calls()).toBe(3);
  });
});

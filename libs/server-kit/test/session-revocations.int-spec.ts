import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { freePort, startNatsServer, uniqueName, type TestNatsServer } from '@kcf/testing';
import {
  InProcessSessionRevocations,
  NatsSessionRevocations,
  sessionRevocationSubject,
  type SessionRevocations,
} from '../src';

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Listener {
  heard: string[];
  states: boolean[];
  stop: () => void;
}

function listen(channel: SessionRevocations): Listener {
  const heard: string[] = [];
  const states: boolean[] = [];
  const stop = channel.subscribe(
    (userId) => heard.push(userId),
    (up) => states.push(up),
  );
  return { heard, states, stop };
}

const isUp = (l: Listener) => l.states[l.states.length - 1] === true;

/** What both adapters do. `make` gives a publisher and a listener side that talk to each other. */
function contract(
  name: string,
  make: () => Promise<{ publisher: SessionRevocations; listener: SessionRevocations; done(): Promise<void> }>,
) {
  describe(`${name}: the SessionRevocations contract`, () => {
    it('delivers a notice to every listener before (in-process) or soon after (NATS) publish resolves', async () => {
      const { publisher, listener, done } = await make();
      try {
        const a = listen(listener);
        const b = listen(listener);
        await eventually(() => isUp(a) && isUp(b));
        await publisher.publish('user-1');
        await eventually(() => a.heard.includes('user-1') && b.heard.includes('user-1'), 2_000);
        expect(a.heard).toEqual(['user-1']);
      } finally {
        await done();
      }
    });

    it('stops calling a listener that unsubscribed', async () => {
      const { publisher, listener, done } = await make();
      try {
        const kept = listen(listener);
        const gone = listen(listener);
        await eventually(() => isUp(kept) && isUp(gone));
        gone.stop();
        await publisher.publish('user-2');
        await eventually(() => kept.heard.includes('user-2'), 2_000);
        expect(gone.heard).toEqual([]);
      } finally {
        await done();
      }
    });
  });
}

contract('in-process', async () => {
  const channel = new InProcessSessionRevocations();
  return { publisher: channel, listener: channel, done: () => channel.close() };
});

describe('NATS', () => {
  let nats: TestNatsServer;
  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterAll(async () => {
    await nats?.stop();
  });

  const open = (prefix: string, extra: { heartbeatMs?: number; reconnectMs?: number } = {}) =>
    NatsSessionRevocations.open({
      servers: nats.url,
      subjectPrefix: prefix,
      reconnectMs: 200,
      heartbeatMs: 100,
      ...extra,
    });

  contract('NATS', async () => {
    const prefix = uniqueName('sr').replace(/-/g, '_');
    const publisher = open(prefix);
    const listener = open(prefix);
    await publisher.ready();
    return {
      publisher,
      listener,
      done: async () => {
        await publisher.close();
        await listener.close();
      },
    };
  });

  it('has the server confirm the notice before publish resolves, and stores nothing in the event stream', async () => {
    const prefix = uniqueName('sr').replace(/-/g, '_');
    const nc = await connect({ servers: nats.url });
    const jsm = await jetstreamManager(nc);
    const stream = `S_${prefix.toUpperCase()}`;
    // The event bus's stream takes every `<prefix>.>` subject.
    await jsm.streams.add({ name: stream, subjects: [`${prefix}.>`] });
    const raw: string[] = [];
    nc.subscribe(sessionRevocationSubject(prefix), { callback: (_e, m) => raw.push(m.string()) });
    await nc.flush();
    const publisher = open(prefix);
    try {
      await publisher.ready();
      await publisher.publish('user-3');
      await eventually(() => raw.length === 1, 2_000);
      expect(JSON.parse(raw[0])).toEqual({ userId: 'user-3' });
      expect((await jsm.streams.info(stream)).state.messages).toBe(0);
    } finally {
      await publisher.close();
      await jsm.streams.delete(stream).catch(() => undefined);
      await nc.close();
    }
  });

  it('keeps deployments with other prefixes apart, and ignores malformed notices', async () => {
    const mine = uniqueName('sr').replace(/-/g, '_');
    const theirs = uniqueName('sr').replace(/-/g, '_');
    const listener = open(mine);
    const other = open(theirs);
    const nc = await connect({ servers: nats.url });
    try {
      const l = listen(listener);
      await eventually(() => isUp(l));
      await other.ready();
      await other.publish('not-for-me');
      nc.publish(sessionRevocationSubject(mine), 'not json');
      nc.publish(sessionRevocationSubject(mine), JSON.stringify({ userId: 42 }));
      nc.publish(sessionRevocationSubject(mine), JSON.stringify({ userId: 'for-me' }));
      await nc.flush();
      await eventually(() => l.heard.length > 0, 2_000);
      expect(l.heard).toEqual(['for-me']);
    } finally {
      await listener.close();
      await other.close();
      await nc.close();
    }
  });

  it('says down when the server goes away and refuses to publish, then up again once the server is back', async () => {
    const prefix = uniqueName('sr').replace(/-/g, '_');
    const listener = open(prefix);
    const publisher = open(prefix);
    try {
      const l = listen(listener);
      await eventually(() => isUp(l));
      await publisher.ready();

      await nats.shutdown();
      await eventually(() => !isUp(l), 5_000);
      const started = Date.now();
      await expect(publisher.publish('lost')).rejects.toThrow(/Not connected to NATS/);
      expect(Date.now() - started).toBeLessThan(500);

      await nats.start();
      await eventually(() => isUp(l), 10_000);
      await eventually(async () => {
        try {
          await publisher.publish('after');
          return true;
        } catch {
          return false;
        }
      }, 10_000);
      await eventually(() => l.heard.includes('after'), 2_000);
      expect(l.heard).not.toContain('lost');
      expect(l.states).toEqual([false, true, false, true]);
    } finally {
      await nats.start();
      await listener.close();
      await publisher.close();
    }
  });

  it('closes at once while the server is down', async () => {
    // Reconnect attempts far apart: nothing but close() itself may end the wait.
    const listener = open(uniqueName('sr').replace(/-/g, '_'), { reconnectMs: 5_000 });
    try {
      const l = listen(listener);
      await eventually(() => isUp(l));
      await nats.shutdown();
      await eventually(() => !isUp(l), 5_000);
      const started = Date.now();
      await listener.close();
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await nats.start();
    }
  });

  it('starts without a reachable server (down, refusing to publish), and closes cleanly before ever connecting', async () => {
    const port = await freePort();
    const nowhere = NatsSessionRevocations.open({ servers: `nats://127.0.0.1:${port}`, reconnectMs: 100 });
    const l = listen(nowhere);
    await new Promise((r) => setTimeout(r, 300));
    expect(l.states).toEqual([false]);
    await expect(nowhere.publish('x')).rejects.toThrow(/Not connected/);
    await nowhere.close();
    await expect(nowhere.ready()).rejects.toThrow(/closed before NATS was reached/);
  });
});

jest.setTimeout(60_000);

import type { EventEnvelope } from '@kcf/contracts';
import { startNatsServer, uniqueName, type TestNatsServer } from '@kcf/testing';
import { createEventBus, JetStreamEventBus, type EventBusLogger } from '../src/messaging';
import { describeEventBusContract, envelope, quietLogger, recorder, sleep, waitFor } from './event-bus.contract';

let nats: TestNatsServer;

beforeAll(async () => {
  nats = await startNatsServer();
});

afterAll(async () => {
  await nats?.stop();
});

/** A stream and subject prefix of its own, so tests never see each other's events. */
function isolation() {
  const name = uniqueName('t');
  return { streamName: `EVENTS_${name}`, subjectPrefix: name };
}

function connectBus(logger: EventBusLogger, place = isolation()) {
  return JetStreamEventBus.connect({
    servers: nats.url,
    ...place,
    retryDelayMs: 50,
    maxRetryDelayMs: 200,
    ackWaitMs: 5_000,
    publishTimeoutMs: 2_000,
    logger,
  });
}

/** Publishes, retrying while the client reconnects after a server restart. */
async function publishWhenUp(bus: JetStreamEventBus, event: EventEnvelope): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await bus.publish(event);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

describeEventBusContract('NATS JetStream', (logger) => connectBus(logger));

describe('JetStreamEventBus against a real nats-server', () => {
  it('is what the factory picks when a NATS URL is configured', async () => {
    const bus = await createEventBus({ natsUrl: nats.url, ...isolation(), logger: quietLogger() });
    expect(bus).toBeInstanceOf(JetStreamEventBus);
    await bus.close();
  });

  it('carries events between two connections (two services) on the same stream', async () => {
    const place = isolation();
    const finance = await connectBus(quietLogger(), place);
    const beneficiaries = await connectBus(quietLogger(), place);
    const received = recorder();
    await beneficiaries.subscribe('expense-links', ['finance.expense.*'], received.handler);
    const event = envelope('finance.expense.deleted', { expenseId: 'x' });
    await finance.publish(event);
    await waitFor(() => received.has(event.id), 'delivery to the other service');
    expect(received.received).toEqual([event]);
    await finance.close();
    await beneficiaries.close();
  });

  it('shares one consumer name between two replicas: each event is handled by one of them', async () => {
    const place = isolation();
    const replicaA = await connectBus(quietLogger(), place);
    const replicaB = await connectBus(quietLogger(), place);
    const a = recorder();
    const b = recorder();
    await replicaA.subscribe('budget-recompute', ['finance.expense.*'], a.handler);
    await replicaB.subscribe('budget-recompute', ['finance.expense.*'], b.handler);
    const events = Array.from({ length: 30 }, (_, i) => envelope('finance.expense.created', { i }));
    for (const event of events) await replicaA.publish(event);
    await waitFor(() => a.received.length + b.received.length >= 30, 'all events');
    await sleep(300);
    expect([...a.ids(), ...b.ids()].sort()).toEqual(events.map((e) => e.id).sort());
    await replicaA.close();
    await replicaB.close();
  });

  it('keeps consuming across a server restart without re-subscribing, and redelivers nothing already handled', async () => {
    const logger = quietLogger();
    const bus = await connectBus(logger);
    const received = recorder();
    await bus.subscribe('survivor', ['test.restart.*'], received.handler);
    const before = envelope('test.restart.before');
    await bus.publish(before);
    await waitFor(() => received.has(before.id), 'the event before the restart');

    await nats.restart();

    const after = envelope('test.restart.after');
    await publishWhenUp(bus, after);
    await waitFor(() => received.has(after.id), 'the event after the restart', 30_000);
    expect(received.ids()).toEqual([before.id, after.id]);
    await bus.close();
  });

  it('fails a publish while the server is down instead of losing the event silently', async () => {
    const bus = await connectBus(quietLogger());
    await nats.shutdown();
    try {
      await expect(bus.publish(envelope('test.down.lost'))).rejects.toThrow();
    } finally {
      await nats.start();
    }
    const received = recorder();
    await bus.subscribe('after-outage', ['test.down.*'], received.handler);
    const event = envelope('test.down.back');
    await publishWhenUp(bus, event);
    await waitFor(() => received.has(event.id), 'delivery after the outage', 30_000);
    await bus.close();
  });
});

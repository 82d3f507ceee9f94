jest.setTimeout(120_000);

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineEvent } from '@kcf/contracts';
import { createTestDatabase, startNatsServer, uniqueName, type TestDatabase, type TestNatsServer } from '@kcf/testing';
import type { Pool } from 'pg';
import { ManualClock } from '../src/clock/clock';
import { migrateDatabase } from '../src/database/run-migrations';
import { createServicePool } from '../src/database/service-pool';
import { WriteOutsideUnitOfWorkError } from '../src/database/sql';
import { InProcessEventBus, JetStreamEventBus, type EventSubscription } from '../src/messaging';
import {
  Events,
  OUTBOX_MIGRATIONS,
  OutboxRelay,
  pending,
  runIdempotentHandler,
  subscribeIdempotent,
} from '../src/messaging';
import { Database, UnitOfWork } from '../src/unit-of-work';
import { quietLogger, sleep, waitFor } from './event-bus.contract';

/**
 * The path of one event: a service changes a row and records the event in one unit of work (`Events.record`,
 * the one outbox insert), a relay publishes it to JetStream, a consumer in another service bumps a counter
 * through runIdempotentHandler. The counter must end at exactly 1 whatever fails in between.
 */
let db: TestDatabase;
let nats: TestNatsServer;
let pool: Pool;
let uow: UnitOfWork;
let database: Database;
let events: Events;
const clock = new ManualClock(new Date('2026-01-02T03:04:05Z'));
const CounterBumped = defineEvent(
  'test.counter.bumped',
  z.object({ counterId: z.uuid(), note: z.string().optional() }),
);

beforeAll(async () => {
  db = await createTestDatabase('kcf_outbox');
  nats = await startNatsServer();
  await migrateDatabase(db.url, OUTBOX_MIGRATIONS);
  pool = createServicePool(db.url, { max: 20 });
  await query(`CREATE TABLE "counters" ("id" uuid PRIMARY KEY, "hits" integer NOT NULL DEFAULT 0)`);
  uow = new UnitOfWork(pool);
  database = new Database(uow);
  events = new Events(database, clock);
});

/** A statement of the test's own, on the pool. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any column of any row
async function query<R = any>(text: string, params?: unknown[]): Promise<R[]> {
  return (await pool.query(text, params)).rows as R[];
}

afterAll(async () => {
  await pool?.end();
  await db?.drop();
  await nats?.stop();
});

interface World {
  bus: JetStreamEventBus;
  consumerBus: JetStreamEventBus;
  subscription: EventSubscription;
  /** Deliveries the consumer saw, per event id, duplicates included. */
  deliveries: Map<string, number>;
  close(): Promise<void>;
}

/** A stream of its own, a publishing connection, and a consuming connection with the counter consumer. */
async function makeWorld(options: { duplicateWindowMs?: number } = {}): Promise<World> {
  const place = { streamName: `OUTBOX_${uniqueName('t')}`, subjectPrefix: uniqueName('o') };
  const common = {
    servers: nats.url,
    ...place,
    retryDelayMs: 50,
    maxRetryDelayMs: 200,
    publishTimeoutMs: 3_000,
    ...options,
  };
  const bus = await JetStreamEventBus.connect({ ...common, logger: quietLogger() });
  const consumerBus = await JetStreamEventBus.connect({ ...common, logger: quietLogger() });
  const deliveries = new Map<string, number>();
  const subscription = await consumerBus.subscribe('counter', ['test.counter.*'], async (envelope) => {
    deliveries.set(envelope.id, (deliveries.get(envelope.id) ?? 0) + 1);
    await runIdempotentHandler(database, 'counter', envelope, async () => {
      const { counterId } = envelope.payload as { counterId: string };
      await database.write.exec(`UPDATE "counters" SET "hits" = "hits" + 1 WHERE "id" = $1`, [counterId]);
    });
  });
  return {
    bus,
    consumerBus,
    subscription,
    deliveries,
    async close() {
      await subscription.stop();
      await consumerBus.close();
      await bus.close();
    },
  };
}

/** The service's own change and its event, in one unit of work (or in the unit already open). */
async function recordChange(): Promise<{ counterId: string; eventId: string }> {
  return uow.transaction(async () => {
    const counterId = randomUUID();
    await database.write.exec(`INSERT INTO "counters" ("id") VALUES ($1)`, [counterId]);
    const envelope = await events.record(CounterBumped, { counterId });
    return { counterId, eventId: envelope.id };
  });
}

async function hits(counterIds: string[]): Promise<number[]> {
  const rows: Array<{ id: string; hits: number }> = await query(
    `SELECT "id", "hits" FROM "counters" WHERE "id" = ANY($1::uuid[])`,
    [counterIds],
  );
  const byId = new Map(rows.map((row) => [row.id, row.hits]));
  return counterIds.map((id) => byId.get(id) ?? -1);
}

async function outboxRow(id: string): Promise<{ sent_at: Date | null; attempts: number }> {
  const [row] = await query(`SELECT "sent_at", "attempts" FROM "outbox" WHERE "id" = $1`, [id]);
  return row;
}

async function waitForHits(counterIds: string[], what: string): Promise<void> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const values = await hits(counterIds);
    if (values.every((value) => value >= 1)) return;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}: ${values.filter((v) => v < 1).length} counters at 0`);
    await sleep(50);
  }
}

/** Publishes a marker through the outbox and waits for it: deliveries before it are in. */
async function drain(world: World, relay: OutboxRelay): Promise<void> {
  const marker = await recordChange();
  await relay.runOnce();
  await waitForHits([marker.counterId], 'the marker');
  await sleep(200);
}

describe('transactional outbox to JetStream', () => {
  let world: World;

  beforeEach(async () => {
    world = await makeWorld();
  });

  afterEach(async () => {
    await world.close();
  });

  it('delivers an event recorded with a change, once, as the envelope Events.record returned, at the time of the Clock', async () => {
    const seen: unknown[] = [];
    const watcher = await world.consumerBus.subscribe(
      'watcher',
      ['test.counter.*'],
      async (envelope) => void seen.push(envelope),
    );
    const relay = new OutboxRelay(database, world.bus, { pollIntervalMs: 5_000, logger: quietLogger() });
    relay.start();
    try {
      const { counterId, eventId, envelope } = await uow.transaction(async () => {
        const id = randomUUID();
        await database.write.exec(`INSERT INTO "counters" ("id") VALUES ($1)`, [id]);
        const written = await events.record(CounterBumped, { counterId: id, note: 'first' });
        return { counterId: id, eventId: written.id, envelope: written };
      });
      relay.nudge();
      await waitForHits([counterId], 'the counter');
      await waitFor(() => seen.length === 1, 'the watcher');
      expect(seen[0]).toEqual(envelope);
      expect(envelope.payload).toEqual({ counterId, note: 'first' });
      expect(envelope.occurredAt).toBe('2026-01-02T03:04:05.000Z');
      expect(await hits([counterId])).toEqual([1]);
      expect(await outboxRow(eventId)).toMatchObject({ attempts: 1, sent_at: expect.any(Date) });
      const processed = await query(`SELECT "consumer" FROM "processed_events" WHERE "event_id" = $1`, [eventId]);
      expect(processed).toEqual([{ consumer: 'counter' }]);
    } finally {
      await relay.stop();
      await watcher.stop();
    }
  });

  it("keeps each event's schema version through the outbox; a row written before versions leaves without one", async () => {
    const seen: Array<{ id: string; schemaVersion?: string }> = [];
    const watcher = await world.consumerBus.subscribe(
      'versions',
      ['test.counter.*'],
      async (envelope) => void seen.push(envelope),
    );
    const relay = new OutboxRelay(database, world.bus, { pollIntervalMs: 5_000, logger: quietLogger() });
    try {
      const { eventId } = await recordChange();
      const oldId = randomUUID();
      await query(
        `INSERT INTO "outbox" ("id", "subject", "payload", "occurred_at") VALUES ($1, 'test.counter.bumped', $2, now())`,
        [oldId, JSON.stringify({ counterId: randomUUID() })],
      );
      await relay.runOnce();
      await waitFor(() => seen.length === 2, 'both events');
      expect(seen.find((e) => e.id === eventId)?.schemaVersion).toBe('1.0');
      expect(seen.find((e) => e.id === oldId)).not.toHaveProperty('schemaVersion');
    } finally {
      await watcher.stop();
    }
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const relay = new OutboxRelay(database, world.bus, { logger: quietLogger() });
    let eventId = '';
    await expect(
      uow.transaction(async () => {
        eventId = (await recordChange()).eventId;
        throw new Error('validation failed after writing');
      }),
    ).rejects.toThrow('validation failed');
    expect(await query(`SELECT 1 FROM "outbox" WHERE "id" = $1`, [eventId])).toEqual([]);
    await drain(world, relay);
    expect(world.deliveries.has(eventId)).toBe(false);
    expect(world.deliveries.size).toBe(1);
  });

  it('refuses to record an event outside a unit of work', async () => {
    await expect(events.record(CounterBumped, { counterId: randomUUID() })).rejects.toBeInstanceOf(
      WriteOutsideUnitOfWorkError,
    );
    await expect(events.recordMany([pending(CounterBumped, { counterId: randomUUID() })])).rejects.toBeInstanceOf(
      WriteOutsideUnitOfWorkError,
    );
  });

  it('refuses a payload its definition does not allow, and records nothing', async () => {
    const before = await query(`SELECT count(*)::int AS n FROM "outbox"`);
    await expect(uow.transaction(() => events.record(CounterBumped, { counterId: 'not-a-uuid' }))).rejects.toThrow();
    expect(await query(`SELECT count(*)::int AS n FROM "outbox"`)).toEqual(before);
  });

  it('keeps events while NATS is down and delivers each exactly once after it restarts', async () => {
    const logger = quietLogger();
    const relay = new OutboxRelay(database, world.bus, { pollIntervalMs: 100, maxBackoffMs: 400, logger });
    relay.start();
    try {
      const first = await recordChange();
      relay.nudge();
      await waitForHits([first.counterId], 'the event before the outage');

      await nats.shutdown();
      const pending = [];
      for (let i = 0; i < 5; i += 1) pending.push(await recordChange());
      relay.nudge();
      await waitFor(() => logger.warnings.some((w) => w.includes('pass failed')), 'the relay to notice the outage');
      expect((await hits(pending.map((p) => p.counterId))).every((n) => n === 0)).toBe(true);
      const during = await outboxRow(pending[0].eventId);
      expect(during.sent_at).toBeNull();
      expect(during.attempts).toBeGreaterThanOrEqual(1);

      await nats.start();
      await waitForHits(
        pending.map((p) => p.counterId),
        'the events written during the outage',
      );
      expect(await hits([first.counterId, ...pending.map((p) => p.counterId)])).toEqual([1, 1, 1, 1, 1, 1]);
      for (const p of pending) expect((await outboxRow(p.eventId)).sent_at).not.toBeNull();
      expect(logger.warnings.some((w) => w.includes('publishing again'))).toBe(true);
    } finally {
      await relay.stop();
    }
  });

  it('survives a relay dying between publish and mark-sent: the re-publish is dropped and the counter stays at 1', async () => {
    class DyingRelay extends OutboxRelay {
      protected override async markSent(): Promise<void> {
        throw new Error('relay process killed');
      }
    }
    const change = await recordChange();
    await expect(new DyingRelay(database, world.bus, { logger: quietLogger() }).runOnce()).rejects.toThrow(
      'relay process killed',
    );
    expect((await outboxRow(change.eventId)).sent_at).toBeNull();
    await waitForHits([change.counterId], 'the first publish');

    const fresh = new OutboxRelay(database, world.bus, { logger: quietLogger() });
    const pass = await fresh.runOnce();
    expect(pass).toEqual({ published: 1, duplicates: 1 });
    expect((await outboxRow(change.eventId)).sent_at).not.toBeNull();

    await drain(world, fresh);
    expect(world.deliveries.get(change.eventId)).toBe(1);
    expect(await hits([change.counterId])).toEqual([1]);
  });

  it('handles many events from concurrent transactions with three relays at once, each published once', async () => {
    const logger = quietLogger();
    const relays = [1, 2, 3].map(
      () => new OutboxRelay(database, world.bus, { batchSize: 10, pollIntervalMs: 50, logger }),
    );
    relays.forEach((relay) => relay.start());
    try {
      const batches = await Promise.all(
        Array.from({ length: 20 }, () =>
          uow.transaction(async () => {
            const written = [];
            for (let i = 0; i < 10; i += 1) written.push(await recordChange());
            return written;
          }),
        ),
      );
      const changes = batches.flat();
      expect(changes).toHaveLength(200);
      relays.forEach((relay) => relay.nudge());
      await waitForHits(
        changes.map((c) => c.counterId),
        'all 200 counters',
      );
      expect(new Set(await hits(changes.map((c) => c.counterId)))).toEqual(new Set([1]));

      const rows: Array<{ attempts: number; sent: boolean }> = await query(
        `SELECT "attempts", "sent_at" IS NOT NULL AS "sent" FROM "outbox" WHERE "id" = ANY($1::uuid[])`,
        [changes.map((c) => c.eventId)],
      );
      expect(rows).toHaveLength(200);
      // No row was taken by two relays: each was published exactly once.
      expect(rows.every((row) => row.sent && row.attempts === 1)).toBe(true);
      for (const change of changes) expect(world.deliveries.get(change.eventId)).toBe(1);
      expect(logger.warnings).toEqual([]);
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
    }
  });
});

describe('consumer-side de-duplication', () => {
  it('absorbs a re-publish that arrives after the server stopped remembering the id', async () => {
    const world = await makeWorld({ duplicateWindowMs: 1_000 });
    try {
      class DyingRelay extends OutboxRelay {
        protected override async markSent(): Promise<void> {
          throw new Error('relay process killed');
        }
      }
      const change = await recordChange();
      await expect(new DyingRelay(database, world.bus, { logger: quietLogger() }).runOnce()).rejects.toThrow();
      await waitForHits([change.counterId], 'the first publish');
      await sleep(2_200);

      const fresh = new OutboxRelay(database, world.bus, { logger: quietLogger() });
      expect(await fresh.runOnce()).toEqual({ published: 1, duplicates: 0 });
      await waitFor(() => world.deliveries.get(change.eventId) === 2, 'the second delivery');
      expect(await hits([change.counterId])).toEqual([1]);
    } finally {
      await world.close();
    }
  });

  it('runs a handler once when the same event arrives many times at once', async () => {
    const counterId = randomUUID();
    await query(`INSERT INTO "counters" ("id") VALUES ($1)`, [counterId]);
    const event = { id: randomUUID() };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        runIdempotentHandler(database, 'racer', event, async () => {
          await database.write.exec(`UPDATE "counters" SET "hits" = "hits" + 1 WHERE "id" = $1`, [counterId]);
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await hits([counterId])).toEqual([1]);
  });

  it('forgets a handled mark when the handler fails, so the next delivery tries again', async () => {
    const event = { id: randomUUID() };
    await expect(
      runIdempotentHandler(database, 'flaky', event, async () => {
        throw new Error('deadlock detected');
      }),
    ).rejects.toThrow('deadlock detected');
    let ran = 0;
    expect(await runIdempotentHandler(database, 'flaky', event, async () => void (ran += 1))).toBe(true);
    expect(await runIdempotentHandler(database, 'flaky', event, async () => void (ran += 1))).toBe(false);
    expect(ran).toBe(1);
    // Another consumer handles the same event on its own account.
    expect(await runIdempotentHandler(database, 'other', event, async () => undefined)).toBe(true);
  });

  it('wires a bus subscription through processed_events with subscribeIdempotent', async () => {
    const world = await makeWorld();
    const counted = new Map<string, number>();
    const subscription = await subscribeIdempotent(
      world.consumerBus,
      database,
      'wired',
      ['test.counter.*'],
      async (envelope) => {
        counted.set(envelope.id, (counted.get(envelope.id) ?? 0) + 1);
      },
    );
    try {
      const change = await recordChange();
      const relay = new OutboxRelay(database, world.bus, { logger: quietLogger() });
      await relay.runOnce();
      // The handler runs inside the consumer's transaction: wait for that transaction's processed mark.
      const processed = () =>
        query(`SELECT 1 FROM "processed_events" WHERE "consumer" = 'wired' AND "event_id" = $1`, [change.eventId]);
      const deadline = Date.now() + 40_000;
      while ((await processed()).length === 0 && Date.now() < deadline) await sleep(50);
      expect(await processed()).toHaveLength(1);
      expect(counted.get(change.eventId)).toBe(1);
    } finally {
      await subscription.stop();
      await world.close();
    }
  });
});

describe('transactional outbox in the embedded mode', () => {
  it('carries events through the in-process bus the same way, dropping a re-publish by id', async () => {
    const bus = new InProcessEventBus({ logger: quietLogger() });
    const counted = new Map<string, number>();
    await subscribeIdempotent(bus, database, 'embedded-counter', ['test.counter.*'], async (envelope) => {
      counted.set(envelope.id, (counted.get(envelope.id) ?? 0) + 1);
      const { counterId } = envelope.payload as { counterId: string };
      await database.write.exec(`UPDATE "counters" SET "hits" = "hits" + 1 WHERE "id" = $1`, [counterId]);
    });
    try {
      class DyingRelay extends OutboxRelay {
        protected override async markSent(): Promise<void> {
          throw new Error('relay process killed');
        }
      }
      // Rows left unsent by earlier tests' worlds are published here too; only this change is counted.
      await new OutboxRelay(database, bus, { batchSize: 1000, logger: quietLogger() }).runOnce();
      const change = await recordChange();
      await expect(new DyingRelay(database, bus, { logger: quietLogger() }).runOnce()).rejects.toThrow();
      expect(await new OutboxRelay(database, bus, { logger: quietLogger() }).runOnce()).toEqual({
        published: 1,
        duplicates: 1,
      });
      await waitForHits([change.counterId], 'the embedded consumer');
      await sleep(100);
      expect(counted.get(change.eventId)).toBe(1);
      expect(await hits([change.counterId])).toEqual([1]);
    } finally {
      await bus.close();
    }
  });
});

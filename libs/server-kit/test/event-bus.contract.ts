import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@kcf/contracts';
import { EventBusClosedError, type EventBus, type EventBusLogger } from '../src/messaging';

/** Builds a fresh bus that shares nothing with buses made before; the suite closes it. */
export type MakeEventBus = (logger: EventBusLogger) => Promise<EventBus>;

export function envelope(subject: string, payload: unknown = {}): EventEnvelope {
  return { id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload };
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records what a handler received. */
export function recorder() {
  const received: EventEnvelope[] = [];
  return {
    received,
    handler: async (event: EventEnvelope) => {
      received.push(event);
    },
    ids: () => received.map((event) => event.id),
    count: (id: string) => received.filter((event) => event.id === id).length,
    has: (id: string) => received.some((event) => event.id === id),
  };
}

export function quietLogger(): EventBusLogger & { warnings: string[]; errors: string[] } {
  const warnings: string[] = [];
  const errors: string[] = [];
  return { warnings, errors, warn: (m) => void warnings.push(m), error: (m) => void errors.push(m) };
}

/** The behaviour every event-bus adapter must show. */
export function describeEventBusContract(name: string, makeBus: MakeEventBus): void {
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    let logger: ReturnType<typeof quietLogger>;

    beforeEach(async () => {
      logger = quietLogger();
      bus = await makeBus(logger);
    });

    afterEach(async () => {
      await bus.close();
    });

    it('delivers each event, intact, to the subscribers whose subjects match and to no other', async () => {
      const expenses = recorder();
      const everythingFinance = recorder();
      const beneficiaries = recorder();
      await bus.subscribe('expenses', ['finance.expense.created', 'finance.expense.deleted'], expenses.handler);
      await bus.subscribe('all-finance', ['finance.>'], everythingFinance.handler);
      await bus.subscribe('beneficiaries', ['beneficiaries.*.created'], beneficiaries.handler);

      const created = envelope('finance.expense.created', {
        expenseId: 'e1',
        amount: '1500.00',
        nested: { list: [1, 2] },
      });
      const income = envelope('finance.income.created', { incomeId: 'i1' });
      const deleted = envelope('finance.expense.deleted', { expenseId: 'e1' });
      const child = envelope('beneficiaries.beneficiary.created', { beneficiaryId: 'KCF-000001' });
      for (const event of [created, income, deleted, child]) {
        expect(await bus.publish(event)).toEqual({ duplicate: false });
      }

      await waitFor(
        () =>
          expenses.received.length === 2 &&
          everythingFinance.received.length === 3 &&
          beneficiaries.received.length === 1,
        'deliveries',
      );
      expect(expenses.received.find((e) => e.id === created.id)).toEqual(created);
      expect(expenses.ids().sort()).toEqual([created.id, deleted.id].sort());
      expect(everythingFinance.ids().sort()).toEqual([created.id, income.id, deleted.id].sort());
      expect(beneficiaries.received).toEqual([child]);
    });

    it('drops a second event with an id it already took', async () => {
      const consumer = recorder();
      await bus.subscribe('dedup', ['test.dedup.*'], consumer.handler);
      const event = envelope('test.dedup.happened', { n: 1 });
      expect(await bus.publish(event)).toEqual({ duplicate: false });
      expect(await bus.publish({ ...event })).toEqual({ duplicate: true });
      // Deliveries to one consumer come in order: once the marker is in, a duplicate would be too.
      const marker = envelope('test.dedup.marker');
      await bus.publish(marker);
      await waitFor(() => consumer.has(marker.id), 'the marker');
      expect(consumer.count(event.id)).toBe(1);
    });

    it('redelivers to a failing handler until it succeeds, without holding up other events', async () => {
      const failing = envelope('test.retry.flaky', { n: 1 });
      const healthy = envelope('test.retry.fine', { n: 2 });
      const attempts: string[] = [];
      const failingAttempts = () => attempts.filter((id) => id === failing.id).length;
      let failingSucceeded = false;
      let healthyHandled = false;
      await bus.subscribe('retrying', ['test.retry.*'], async (event) => {
        attempts.push(event.id);
        if (event.id === failing.id) {
          // Fails at least twice, and for as long as the event behind it has not been handled: a bus that
          // held the queue up behind a failing event would never get here.
          if (failingAttempts() < 3 || !healthyHandled) throw new Error('database is busy');
          failingSucceeded = true;
        } else {
          healthyHandled = true;
        }
      });
      await bus.publish(failing);
      await bus.publish(healthy);

      await waitFor(() => failingSucceeded && healthyHandled, 'both events handled');
      expect(failingAttempts()).toBeGreaterThanOrEqual(3);
      expect(attempts.filter((id) => id === healthy.id)).toHaveLength(1);
      const failures = logger.warnings.filter((w) => w.includes(failing.id) && w.includes('database is busy'));
      expect(failures).toHaveLength(failingAttempts() - 1);

      // Once it succeeded it is not delivered again.
      const handledAttempts = failingAttempts();
      const marker = envelope('test.retry.fine');
      await bus.publish(marker);
      await waitFor(() => attempts.includes(marker.id), 'the marker');
      expect(failingAttempts()).toBe(handledAttempts);
    });

    it('gives every event to each of two consumers of the same subject, once each', async () => {
      const budgets = recorder();
      const reports = recorder();
      await bus.subscribe('budgets', ['finance.expense.*'], budgets.handler);
      await bus.subscribe('reports', ['finance.expense.*'], reports.handler);
      const events = Array.from({ length: 10 }, (_, i) =>
        envelope(i % 2 ? 'finance.expense.updated' : 'finance.expense.created', { i }),
      );
      for (const event of events) await bus.publish(event);

      await waitFor(() => budgets.received.length >= 10 && reports.received.length >= 10, 'both consumers');
      const marker = envelope('finance.expense.created', { marker: true });
      await bus.publish(marker);
      await waitFor(() => budgets.has(marker.id) && reports.has(marker.id), 'the marker');
      for (const consumer of [budgets, reports]) {
        expect(consumer.ids()).toEqual([...events.map((e) => e.id), marker.id]);
      }
    });

    it('keeps a consumer durable: it gets events published before it started and while it was stopped, and nothing twice', async () => {
      const early = envelope('test.durable.created', { when: 'before the first subscribe' });
      await bus.publish(early);

      const first = recorder();
      const subscription = await bus.subscribe('durable', ['test.durable.*'], first.handler);
      await waitFor(() => first.has(early.id), 'the early event');
      await subscription.stop();
      await subscription.stop();

      const whileStopped = [envelope('test.durable.created', { n: 1 }), envelope('test.durable.updated', { n: 2 })];
      for (const event of whileStopped) await bus.publish(event);
      await sleep(300);
      expect(first.ids()).toEqual([early.id]);

      const second = recorder();
      const again = await bus.subscribe('durable', ['test.durable.*'], second.handler);
      await waitFor(() => whileStopped.every((e) => second.has(e.id)), 'the events published while stopped');
      expect(second.ids()).toEqual(whileStopped.map((e) => e.id));
      await again.stop();
    });

    it('lets a running handler finish when stopping, and counts its event as handled', async () => {
      const slow = envelope('test.slow.work');
      let finished = 0;
      let started = false;
      const subscription = await bus.subscribe('slow', ['test.slow.*'], async () => {
        started = true;
        await sleep(300);
        finished += 1;
      });
      await bus.publish(slow);
      await waitFor(() => started, 'the handler to start');
      await subscription.stop();
      expect(finished).toBe(1);

      const later = recorder();
      await bus.subscribe('slow', ['test.slow.*'], later.handler);
      const marker = envelope('test.slow.marker');
      await bus.publish(marker);
      await waitFor(() => later.has(marker.id), 'the marker');
      expect(later.ids()).toEqual([marker.id]);
    });

    it('refuses an envelope that breaks the contract, before it reaches anyone', async () => {
      const consumer = recorder();
      await bus.subscribe('strict', ['test.>'], consumer.handler);
      await expect(bus.publish({ ...envelope('test.bad.id'), id: 'not-a-uuid' })).rejects.toThrow();
      await expect(bus.publish(envelope('test.*.wildcard'))).rejects.toThrow(TypeError);
      await expect(bus.publish({ ...envelope('test.bad.time'), occurredAt: 'tuesday' })).rejects.toThrow();
      await expect(bus.subscribe('bad.name', ['test.x'], consumer.handler)).rejects.toThrow(TypeError);
      const marker = envelope('test.ok.marker');
      await bus.publish(marker);
      await waitFor(() => consumer.has(marker.id), 'the marker');
      expect(consumer.ids()).toEqual([marker.id]);
    });

    it('refuses to publish or subscribe once closed', async () => {
      await bus.subscribe('closing', ['test.close.*'], async () => undefined);
      await bus.close();
      await expect(bus.publish(envelope('test.close.after'))).rejects.toBeInstanceOf(EventBusClosedError);
      await expect(bus.subscribe('closing-2', ['test.close.*'], async () => undefined)).rejects.toBeInstanceOf(
        EventBusClosedError,
      );
    });
  });
}

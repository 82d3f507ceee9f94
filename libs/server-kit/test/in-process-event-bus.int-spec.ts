jest.setTimeout(60_000);

import { createEventBus, InProcessEventBus } from '../src/messaging';
import { describeEventBusContract, envelope, quietLogger, recorder, waitFor } from './event-bus.contract';

describeEventBusContract(
  'in-process',
  async (logger) => new InProcessEventBus({ retryDelayMs: 50, maxRetryDelayMs: 200, logger }),
);

describe('InProcessEventBus', () => {
  it('is what the factory picks without a NATS URL, and the embedded services can share one', async () => {
    const shared = new InProcessEventBus({ logger: quietLogger() });
    const finance = await createEventBus({ inProcessBus: shared });
    const beneficiaries = await createEventBus({ inProcessBus: shared });
    expect(finance).toBe(shared);
    const received = recorder();
    await beneficiaries.subscribe('beneficiary-links', ['finance.expense.*'], received.handler);
    const event = envelope('finance.expense.created');
    await finance.publish(event);
    await waitFor(() => received.has(event.id), 'delivery across services');
    await shared.close();

    const own = await createEventBus({});
    expect(own).toBeInstanceOf(InProcessEventBus);
    await own.close();
  });

  it('takes an id again once the duplicate window has passed', async () => {
    const bus = new InProcessEventBus({ duplicateWindowMs: 100, logger: quietLogger() });
    const event = envelope('test.window.passed');
    expect(await bus.publish(event)).toEqual({ duplicate: false });
    expect(await bus.publish(event)).toEqual({ duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await bus.publish(event)).toEqual({ duplicate: false });
    await bus.close();
  });

  it('hands each handler its own copy, so one consumer cannot change what another sees', async () => {
    const bus = new InProcessEventBus({ logger: quietLogger() });
    const seen: unknown[] = [];
    await bus.subscribe('mutator', ['test.copy.*'], async (event) => {
      (event.payload as { amount: string }).amount = 'changed';
    });
    await bus.subscribe('reader', ['test.copy.*'], async (event) => void seen.push(event.payload));
    const event = envelope('test.copy.made', { amount: '10.00' });
    await bus.publish(event);
    await waitFor(() => seen.length === 1, 'the reader');
    expect(seen[0]).toEqual({ amount: '10.00' });
    expect(event.payload).toEqual({ amount: '10.00' });
    await bus.close();
  });

  it('refuses a second running subscription with the same consumer name', async () => {
    const bus = new InProcessEventBus({ logger: quietLogger() });
    await bus.subscribe('single', ['test.a'], async () => undefined);
    await expect(bus.subscribe('single', ['test.a'], async () => undefined)).rejects.toThrow(/already/);
    await bus.close();
  });
});

import { Admission } from './admission';

describe('Admission', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts requests at once up to its limit, then queues them in order and hands each freed connection on', () => {
    const admission = new Admission(2, 1000);
    const started: string[] = [];
    const refused: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      admission.enter(
        () => started.push(name),
        () => refused.push(name),
      );
    }
    expect([started, admission.active, admission.queued]).toEqual([['a', 'b'], 2, 2]);
    admission.leave();
    expect([started, admission.active, admission.queued]).toEqual([['a', 'b', 'c'], 2, 1]);
    admission.leave();
    admission.leave();
    expect([started, admission.active, admission.queued]).toEqual([['a', 'b', 'c', 'd'], 1, 0]);
    expect(refused).toEqual([]);
  });

  it('refuses a request that waited longer than the queue time, and one past the queue bound at once', () => {
    const admission = new Admission(1, 500, 1);
    const refused: string[] = [];
    admission.enter(
      () => undefined,
      () => refused.push('first'),
    );
    admission.enter(
      () => undefined,
      () => refused.push('waits'),
    );
    admission.enter(
      () => undefined,
      () => refused.push('no room'),
    );
    expect(refused).toEqual(['no room']);
    jest.advanceTimersByTime(499);
    expect(refused).toEqual(['no room']);
    jest.advanceTimersByTime(1);
    expect(refused).toEqual(['no room', 'waits']);
    expect(admission.queued).toBe(0);
  });

  it('forgets a request withdrawn while it waits', () => {
    const admission = new Admission(1, 500);
    const started: string[] = [];
    admission.enter(
      () => started.push('a'),
      () => undefined,
    );
    const withdraw = admission.enter(
      () => started.push('b'),
      () => started.push('b refused'),
    );
    expect(withdraw).not.toBeNull();
    withdraw!();
    admission.leave();
    jest.advanceTimersByTime(1000);
    expect([started, admission.active, admission.queued]).toEqual([['a'], 0, 0]);
  });
});

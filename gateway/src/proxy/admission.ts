/** A request waiting for a connection. */
interface Waiter {
  start: () => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
}

/** What `enter` hands back while a request waits: withdraws it (the client left, or its time ran out). */
export type Withdraw = () => void;

/** Told how long each request waited for its connection (0 when one was free) and how the wait ended. */
export type WaitObserver = (seconds: number, outcome: 'started' | 'refused') => void;

/**
 * Bounded admission in front of one upstream pool: at most `limit` requests in flight (the pool's
 * connections, so the pool never queues), the rest wait in order, each at most `queueTimeoutMs`, and at
 * most `maxWaiting` of them; past either bound a request is refused at once, not parked indefinitely.
 */
export class Admission {
  private inFlight = 0;
  /** Insertion-ordered: the first value is the longest waiting. */
  private readonly waiting = new Set<Waiter>();

  constructor(
    readonly limit: number,
    private readonly queueTimeoutMs: number,
    private readonly maxWaiting: number = limit * 16,
    private readonly onWait: WaitObserver = () => undefined,
  ) {}

  /** Requests holding a connection now. */
  get active(): number {
    return this.inFlight;
  }

  /** Requests waiting for one. */
  get queued(): number {
    return this.waiting.size;
  }

  /**
   * Calls `start` now when a connection is free, else when one frees up in time; calls `refuse` when
   * none does within the queue time or too many already wait. Every `start` must be paired with one
   * `leave()`. Returns null when it started or refused at once, else the way to withdraw from the queue.
   */
  enter(start: () => void, refuse: () => void): Withdraw | null {
    if (this.inFlight < this.limit && this.waiting.size === 0) {
      this.inFlight++;
      this.onWait(0, 'started');
      start();
      return null;
    }
    if (this.waiting.size >= this.maxWaiting || this.queueTimeoutMs === 0) {
      this.onWait(0, 'refused');
      refuse();
      return null;
    }
    const since = performance.now();
    const waited = () => (performance.now() - since) / 1000;
    const waiter: Waiter = {
      start: () => {
        this.onWait(waited(), 'started');
        start();
      },
      refuse,
      timer: setTimeout(() => {
        if (!this.waiting.delete(waiter)) return;
        this.onWait(waited(), 'refused');
        refuse();
      }, this.queueTimeoutMs),
    };
    this.waiting.add(waiter);
    return () => {
      if (this.waiting.delete(waiter)) clearTimeout(waiter.timer);
    };
  }

  /** A request is done with its connection: the longest waiting one takes it over. */
  leave(): void {
    const next = this.waiting.values().next();
    if (!next.done) {
      const waiter = next.value;
      this.waiting.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.start();
      return;
    }
    if (this.inFlight > 0) this.inFlight--;
  }
}

import { connect, RequestError, type NatsConnection } from '@nats-io/transport-node';
import { sessionRevocationSubject, type SessionRevocations } from './session-revocations';

export interface NatsSessionRevocationsOptions {
  /** NATS server URL(s), e.g. `nats://nats:4222`. */
  servers: string | string[];
  /** Notices travel on `<prefix>-notices.sessions.revoked` (default `kcf`). */
  subjectPrefix?: string;
  /** Shown in the server's connection list. */
  connectionName?: string;
  /** Longest wait in `publish` for the server to confirm it has the notice (default 2 s). */
  publishTimeoutMs?: number;
  /**
   * How often a listening process proves its connection is alive with a round trip to the server
   * (default 500 ms). The channel counts as down when no round trip has come back for three times this.
   */
  heartbeatMs?: number;
  /** Wait between attempts while the server cannot be reached (default 1 s). */
  reconnectMs?: number;
  logger?: { warn(message: string): void };
}

interface Subscriber {
  listener: (userId: string) => void;
  onConnection: (up: boolean) => void;
}

const DEFAULTS = { subjectPrefix: 'kcf', publishTimeoutMs: 2_000, heartbeatMs: 500, reconnectMs: 1_000 };

/**
 * Session notices on NATS core pub/sub (not JetStream: a notice, never stored or replayed).
 *
 * The connection is made in the background and kept for ever (`maxReconnectAttempts: -1`; the first
 * connection is retried here rather than with `waitOnFirstConnect`, so that `close()` can stop it while the
 * server has never been reached). `publish` refuses at once while disconnected (the client would drop a
 * message buffered then anyway) and otherwise waits for the server's answer to a PING sent after it, so the
 * server has the notice when it resolves.
 *
 * A listener's channel is up only while the connection has shown, within the last three heartbeats, that it
 * delivers: a PONG that comes back proves every notice the server took before that PING has arrived (the
 * server answers on the same connection, in order). So a notice lost on a connection that died without a
 * word (no TCP close) stops the cache within about 1.5 s; a closed connection stops it at once.
 */
export class NatsSessionRevocations implements SessionRevocations {
  private readonly settings: typeof DEFAULTS;
  private readonly subject: string;
  private readonly subscribers = new Set<Subscriber>();
  private readonly connected: Promise<NatsConnection>;
  private nc: NatsConnection | null = null;
  /** The transport is connected (between a connect or `reconnect` and the next `disconnect`). */
  private linked = false;
  /** When the PING of the last answered heartbeat was sent. */
  private confirmedAt = 0;
  private beating = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: { timer: NodeJS.Timeout; wake: () => void } | null = null;
  /** What the subscribers were last told. */
  private up = false;
  private closed = false;

  private constructor(private readonly options: NatsSessionRevocationsOptions) {
    this.settings = {
      subjectPrefix: options.subjectPrefix ?? DEFAULTS.subjectPrefix,
      publishTimeoutMs: options.publishTimeoutMs ?? DEFAULTS.publishTimeoutMs,
      heartbeatMs: options.heartbeatMs ?? DEFAULTS.heartbeatMs,
      reconnectMs: options.reconnectMs ?? DEFAULTS.reconnectMs,
    };
    this.subject = sessionRevocationSubject(this.settings.subjectPrefix);
    this.connected = this.connectLoop();
    this.connected.catch(() => undefined);
  }

  /** Starts connecting in the background; `ready()` tells when the first connection is made. */
  static open(options: NatsSessionRevocationsOptions): NatsSessionRevocations {
    return new NatsSessionRevocations(options);
  }

  /** Resolves once connected for the first time (rejects if closed before). */
  async ready(): Promise<void> {
    await this.connected;
  }

  async publish(userId: string): Promise<void> {
    if (this.closed) throw new Error('Session notices are closed');
    const nc = this.nc;
    const notConnected = (cause?: unknown) =>
      new Error('Not connected to NATS: the session notice was not sent', { cause });
    if (!nc || !this.linked) throw notConnected();
    try {
      nc.publish(this.subject, JSON.stringify({ userId }));
      await withTimeout(nc.flush(), this.settings.publishTimeoutMs, 'NATS did not confirm the session notice in time');
    } catch (err) {
      // The connection dropped before the server answered (the client rejects the flush before it reports the
      // disconnect): the same refusal as when it was known to be down.
      if (err instanceof RequestError || !this.linked) throw notConnected(err);
      throw err;
    }
  }

  subscribe(listener: (userId: string) => void, onConnection: (up: boolean) => void): () => void {
    const subscriber: Subscriber = { listener, onConnection };
    this.subscribers.add(subscriber);
    onConnection(this.up);
    if (!this.heartbeat && !this.closed) {
      this.heartbeat = setInterval(() => this.tick(), this.settings.heartbeatMs);
      this.heartbeat.unref();
      if (this.nc) this.listen(this.nc);
    }
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.retry?.wake();
    this.subscribers.clear();
    const nc = this.nc ?? (await this.connected.catch(() => null));
    if (!nc) return;
    // Draining waits for the server, which may be gone: then (or when it takes too long) just close.
    try {
      if (!this.linked) throw new Error('disconnected');
      await withTimeout(nc.drain(), this.settings.publishTimeoutMs, 'drain timed out');
    } catch {
      await nc.close().catch(() => undefined);
    }
  }

  private async connectLoop(): Promise<NatsConnection> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.closed) throw new Error('Session notices were closed before NATS was reached');
      try {
        const nc = await connect({
          servers: this.options.servers,
          name: this.options.connectionName,
          maxReconnectAttempts: -1,
          reconnectTimeWait: this.settings.reconnectMs,
          // The client's own check of a connection that went silent (ours is the heartbeat below).
          pingInterval: 10_000,
        });
        if (this.closed) {
          await nc.close().catch(() => undefined);
          throw new Error('Session notices were closed before NATS was reached');
        }
        this.nc = nc;
        this.linked = true;
        void this.watch(nc);
        if (this.heartbeat) this.listen(nc);
        return nc;
      } catch (error) {
        if (this.closed) throw error;
        if (attempt === 1)
          this.options.logger?.warn(`Session notices: cannot reach NATS yet (${describe(error)}); trying again`);
        await this.pause(this.settings.reconnectMs);
      }
    }
  }

  /** Waits before the next attempt; cut short by close(). */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.retry = null;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.retry = { timer, wake };
    });
  }

  private listen(nc: NatsConnection): void {
    nc.subscribe(this.subject, {
      callback: (error, msg) => {
        if (error) return;
        let userId: unknown;
        try {
          userId = (msg.json() as { userId?: unknown })?.userId;
        } catch {
          userId = undefined;
        }
        if (typeof userId !== 'string' || userId.length === 0) {
          this.options.logger?.warn(`Session notices: ignored a malformed notice on ${msg.subject}`);
          return;
        }
        for (const subscriber of [...this.subscribers]) {
          try {
            subscriber.listener(userId);
          } catch (e) {
            this.options.logger?.warn(`Session notices: a listener failed: ${describe(e)}`);
          }
        }
      },
    });
    // The SUB has gone out: the first heartbeat that comes back proves the server has it.
    void this.beat();
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      switch (status.type) {
        case 'disconnect':
        case 'staleConnection':
        case 'forceReconnect':
        case 'close':
          this.linked = false;
          // Only a round trip on the next connection may bring the channel up again.
          this.confirmedAt = 0;
          this.setUp(false);
          break;
        case 'reconnect':
          // The client sent the subscriptions again before this; the next heartbeat confirms them.
          this.linked = true;
          void this.beat();
          break;
        default:
          break;
      }
    }
  }

  private tick(): void {
    void this.beat();
    this.setUp(this.linked && Date.now() - this.confirmedAt <= 3 * this.settings.heartbeatMs);
  }

  /** One round trip to the server (at most one at a time); its answer proves delivery up to when it was sent. */
  private async beat(): Promise<void> {
    const nc = this.nc;
    if (!nc || !this.linked || this.beating || this.closed || this.subscribers.size === 0) return;
    this.beating = true;
    const sent = Date.now();
    try {
      await nc.flush();
      if (!this.linked || this.closed) return;
      this.confirmedAt = Math.max(this.confirmedAt, sent);
      this.setUp(true);
    } catch {
      // Disconnected: the status loop says so.
    } finally {
      this.beating = false;
    }
  }

  private setUp(up: boolean): void {
    if (this.closed || up === this.up) return;
    this.up = up;
    for (const subscriber of [...this.subscribers]) subscriber.onConnection(up);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

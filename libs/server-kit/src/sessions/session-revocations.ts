/**
 * "This user's sessions ended or changed" notices, from svc-identity to every gateway that caches sessions.
 * A notice names a user, not a session: a gateway drops everything it remembers about that user's
 * sessions and asks identity again. Notices are not stored: a gateway that is not listening when one is
 * published never gets it, which is why a gateway serves from its cache only while its channel is up
 * (`onConnection(true)`) and starts with an empty cache each time the channel comes (back) up.
 */
export interface SessionRevocations {
  /** Tells every listening gateway; resolves once the notice is out (for NATS: the server has it). */
  publish(userId: string): Promise<void>;
  /**
   * Calls `listener` with the user of every notice, and `onConnection` with whether notices can reach
   * this process: at once with the current state, then on every change. Returns a function that stops both.
   */
  subscribe(listener: (userId: string) => void, onConnection: (up: boolean) => void): () => void;
  /** Stops listening and publishing (a shared in-process channel is closed by whoever made it). */
  close(): Promise<void>;
}

/**
 * The NATS subject of the notices. It lies outside `<prefix>.>`, the subjects of the JetStream event
 * stream, so that the server does not store the notices as events; no deployment's prefix can be
 * `<prefix>-notices` (prefixes have no '-'), so two deployments on one NATS never hear each other.
 */
export function sessionRevocationSubject(subjectPrefix: string): string {
  return `${subjectPrefix}-notices.sessions.revoked`;
}

interface Subscriber {
  listener: (userId: string) => void;
  onConnection: (up: boolean) => void;
}

/**
 * The channel of the one-process mode: identity and the gateway share this object, so a notice reaches
 * the gateway's cache before `publish` resolves, and the channel is always up.
 */
export class InProcessSessionRevocations implements SessionRevocations {
  private readonly subscribers = new Set<Subscriber>();

  async publish(userId: string): Promise<void> {
    const errors: unknown[] = [];
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber.listener(userId);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }

  subscribe(listener: (userId: string) => void, onConnection: (up: boolean) => void): () => void {
    const subscriber: Subscriber = { listener, onConnection };
    this.subscribers.add(subscriber);
    onConnection(true);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  async close(): Promise<void> {
    this.subscribers.clear();
  }
}

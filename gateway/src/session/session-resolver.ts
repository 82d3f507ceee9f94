import { COMMON_ERRORS, INTERNAL, ResolveSessionBody } from '@kcf/contracts';
import { AppError, InternalCallRefused, InternalClient, type UserContext } from '@kcf/server-kit/http';
import type { SessionRevocations } from '@kcf/server-kit/sessions';
import { TtlLruCache } from './ttl-lru-cache';

export interface SessionLookup {
  /** The user behind a session id, or null when the session is unknown, expired or ended. */
  resolve(sessionId: string): Promise<UserContext | null>;
  /** The remembered answer, without waiting: a context, null (no such session), or undefined (not known yet). */
  peek(sessionId: string): UserContext | null | undefined;
  /** Drops what is remembered about a session (it was just ended). */
  forget(sessionId: string): void;
  /** Drops everything remembered about a user's sessions (identity ended or changed them). */
  forgetUser(userId: string): void;
}

export interface SessionResolverOptions {
  /** How long an answer is remembered (0: never). */
  cacheMs: number;
  cacheSize: number;
  timeoutMs?: number;
  /**
   * Identity's notices of ended or changed sessions. Answers are remembered only while this channel is up;
   * without one nothing is remembered (every request asks identity, as with `cacheMs` 0).
   */
  revocations?: SessionRevocations;
}

/** One call to identity in flight, and the cache generation it started in. */
interface Lookup {
  promise: Promise<UserContext | null>;
  generation: number;
}

/**
 * Asks identity who a session belongs to, remembering the answer for a short while per session id,
 * and sharing one call among concurrent requests of the same session (a page load fires several).
 *
 * What is remembered may be served only while nothing can have changed it unnoticed: identity sends a
 * notice (`revocations`) after every change that ends or alters a user's sessions, and on a notice every
 * remembered answer of that user goes, along with the calls in flight (their answers may predate the
 * change). While the channel is down nothing is served from memory; when it comes back memory starts
 * empty, since a notice sent meanwhile was lost.
 */
export class SessionResolver implements SessionLookup {
  private readonly cache: TtlLruCache<string, UserContext | null>;
  private readonly inFlight = new Map<string, Lookup>();
  private readonly timeoutMs: number;
  /** Whether answers may be remembered and served from memory: the notice channel is up. */
  private caching = false;
  /** Moves whenever what is remembered may be out of date; an answer is remembered only in the generation it was asked in. */
  private generation = 0;
  private readonly stopListening: (() => void) | null = null;

  constructor(
    private readonly identity: InternalClient,
    options: SessionResolverOptions,
  ) {
    this.cache = new TtlLruCache(options.cacheSize, options.cacheMs);
    this.timeoutMs = options.timeoutMs ?? 3000;
    if (options.revocations && options.cacheMs > 0) {
      this.stopListening = options.revocations.subscribe(
        (userId) => this.revoked(userId),
        (up) => this.channel(up),
      );
    }
  }

  peek(sessionId: string): UserContext | null | undefined {
    return this.caching ? this.cache.get(sessionId) : undefined;
  }

  resolve(sessionId: string): Promise<UserContext | null> {
    // A cookie no session id could be (too long, say) is no session: identity is not asked.
    if (!ResolveSessionBody.safeParse({ sessionId }).success) return Promise.resolve(null);
    if (this.caching) {
      const cached = this.cache.get(sessionId);
      if (cached !== undefined) return Promise.resolve(cached);
    }
    const pending = this.inFlight.get(sessionId);
    if (pending) return pending.promise;
    const lookup = { generation: this.generation } as Lookup;
    lookup.promise = this.ask(sessionId, lookup).finally(() => {
      if (this.inFlight.get(sessionId) === lookup) this.inFlight.delete(sessionId);
    });
    this.inFlight.set(sessionId, lookup);
    return lookup.promise;
  }

  forget(sessionId: string): void {
    this.cache.delete(sessionId);
    this.inFlight.delete(sessionId);
  }

  /** Stops listening to the notices (the gateway is closing). */
  close(): void {
    this.stopListening?.();
    this.caching = false;
    this.cache.clear();
  }

  forgetUser(userId: string): void {
    this.revoked(userId);
  }

  /** A user's sessions ended or changed: nothing remembered about them may be served again. */
  private revoked(userId: string): void {
    this.generation += 1;
    this.cache.deleteWhere((context) => context !== null && context.userId === userId);
    // Which user a call in flight is about is not known yet: none of them is joined or remembered.
    this.inFlight.clear();
  }

  /** The channel went down (serve nothing from memory) or came (back) up (start from empty memory). */
  private channel(up: boolean): void {
    this.generation += 1;
    this.caching = up;
    this.cache.clear();
    this.inFlight.clear();
  }

  private async ask(sessionId: string, lookup: Lookup): Promise<UserContext | null> {
    let answer;
    try {
      const body: ResolveSessionBody = { sessionId };
      answer = await this.identity.call(INTERNAL.resolveSession, undefined, { body, timeoutMs: this.timeoutMs });
    } catch (error) {
      // 400: identity refused the id itself (it could be no session).
      if (
        error instanceof InternalCallRefused &&
        (error.status === 400 || error.status === 401 || error.status === 404)
      ) {
        this.remember(sessionId, null, lookup);
        return null;
      }
      throw AppError.of(COMMON_ERRORS.upstreamUnavailable, { service: 'sign-in' });
    }
    const { user } = answer;
    const context: UserContext = {
      userId: user.id,
      role: user.role,
      sessionId: answer.sessionId,
      beneficiaryId: user.beneficiaryId ?? null,
      mustChangePassword: user.mustChangePassword,
      username: user.username ?? null,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
    };
    this.remember(sessionId, context, lookup);
    return context;
  }

  private remember(sessionId: string, context: UserContext | null, lookup: Lookup): void {
    // Not when the channel is down, nor when a notice (or a channel change) came while the call was in flight,
    // nor for a session forgotten meanwhile (logout): its answer may predate the change.
    if (this.caching && lookup.generation === this.generation && this.inFlight.get(sessionId) === lookup)
      this.cache.set(sessionId, context);
  }
}

import { z } from 'zod';
import { ROLES } from '@kcf/contracts';
import { AppError, InternalClient, type UserContext } from '@kcf/server-kit';
import { TtlLruCache } from './ttl-lru-cache';

export const RESOLVE_SESSION_PATH = '/internal/sessions/resolve';

/** What identity answers for a live session (other user fields are ignored here). */
const ResolvedSession = z.object({
  user: z.object({
    id: z.string(),
    role: z.enum(ROLES),
    beneficiaryId: z.string().nullish(),
    mustChangePassword: z.boolean().default(false),
  }),
  sessionId: z.string(),
});

export interface SessionLookup {
  /** The user behind a session id, or null when the session is unknown, expired or ended. */
  resolve(sessionId: string): Promise<UserContext | null>;
  /** The remembered answer, without waiting: a context, null (no such session), or undefined (not known yet). */
  peek(sessionId: string): UserContext | null | undefined;
  /** Drops what is remembered about a session (it was just ended). */
  forget(sessionId: string): void;
}

/**
 * Asks identity who a session belongs to, remembering the answer for a short while per session id,
 * and sharing one call among concurrent requests of the same session (a page load fires several).
 */
export class SessionResolver implements SessionLookup {
  private readonly cache: TtlLruCache<string, UserContext | null>;
  private readonly inFlight = new Map<string, Promise<UserContext | null>>();
  private readonly timeoutMs: number;

  constructor(
    private readonly identity: InternalClient,
    options: { cacheMs: number; cacheSize: number; timeoutMs?: number },
  ) {
    this.cache = new TtlLruCache(options.cacheSize, options.cacheMs);
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  peek(sessionId: string): UserContext | null | undefined {
    return this.cache.get(sessionId);
  }

  resolve(sessionId: string): Promise<UserContext | null> {
    const cached = this.cache.get(sessionId);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.inFlight.get(sessionId);
    if (pending) return pending;
    const call = this.ask(sessionId).finally(() => {
      if (this.inFlight.get(sessionId) === call) this.inFlight.delete(sessionId);
    });
    this.inFlight.set(sessionId, call);
    return call;
  }

  forget(sessionId: string): void {
    this.cache.delete(sessionId);
    this.inFlight.delete(sessionId);
  }

  private async ask(sessionId: string): Promise<UserContext | null> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.identity.request<unknown>('POST', RESOLVE_SESSION_PATH, { body: { sessionId }, timeoutMs: this.timeoutMs });
    } catch {
      throw new AppError('UPSTREAM_UNAVAILABLE', 'The sign-in service is unavailable');
    }
    if (answer.status === 401 || answer.status === 404) {
      this.remember(sessionId, null);
      return null;
    }
    const parsed = answer.status === 200 ? ResolvedSession.safeParse(answer.body) : undefined;
    if (!parsed?.success) throw new AppError('UPSTREAM_UNAVAILABLE', 'The sign-in service is unavailable');
    const { user } = parsed.data;
    const context: UserContext = {
      userId: user.id,
      role: user.role,
      sessionId: parsed.data.sessionId,
      beneficiaryId: user.beneficiaryId ?? null,
      mustChangePassword: user.mustChangePassword,
    };
    this.remember(sessionId, context);
    return context;
  }

  private remember(sessionId: string, context: UserContext | null): void {
    // A session forgotten while this call was in flight (logout) must not come back.
    if (this.inFlight.has(sessionId)) this.cache.set(sessionId, context);
  }
}

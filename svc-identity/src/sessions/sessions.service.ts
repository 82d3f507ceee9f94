import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AuditActor } from '@kcf/contracts';
import { AuditTrail, CLOCK, UnitOfWork, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { actorOfUser } from '../users/user-audit';
import { UsersRepository } from '../users/users.repository';
import { SessionNotices } from './session-notices';
import { SessionsRepository, type SessionRow } from './sessions.repository';

export const SESSION_COOKIE = 'kcf_sid';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions. Every write joins the request's unit of work, except the removal of a session
 * found dead while resolving it: the resolve call then answers 401, which rolls its unit back, so that
 * removal is saved on its own (`uow.separately`). A sign-out and a session found idle are recorded in the
 * audit trail about the session's user (`sign-out`, `session-expired`; never the token or its hash).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly uow: UnitOfWork,
    private readonly notices: SessionNotices,
    private readonly users: UsersRepository,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  get idleMs(): number {
    return this.config.SESSION_IDLE_MINUTES * 60_000;
  }
  get absoluteMs(): number {
    return this.config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  }

  /** A new session with a fresh 256-bit token (new at every login). Returns the cookie value. */
  async create(userId: string): Promise<{ token: string; idHash: string }> {
    const token = randomBytes(32).toString('base64url');
    const idHash = hashToken(token);
    await this.purgeExpired();
    await this.sessions.insert(idHash, userId, this.clock.now());
    return { token, idHash };
  }

  /**
   * The live session for a cookie token (not touched: see `touch`); null when unknown, idle too long or
   * too old. A dead session found here is removed at once, whatever the request answers; one that died of
   * idleness is recorded as `session-expired` of its user, with the removal (once, whoever removes it).
   */
  async findLive(token: string): Promise<SessionRow | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const idHash = hashToken(token);
    const session = await this.sessions.find(idHash);
    if (!session) return null;
    const now = this.clock.now().getTime();
    const idle = now - session.lastSeenAt.getTime() > this.idleMs;
    if (idle || now - session.createdAt.getTime() > this.absoluteMs) {
      await this.uow.separately(async () => {
        if (!(await this.sessions.delete(idHash)) || !idle) return;
        const actor = await this.actorOf(session.userId);
        const details = { idleMinutes: this.config.SESSION_IDLE_MINUTES };
        this.audit.security({ action: 'session-expired', actor, entityId: session.userId, details });
      });
      return null;
    }
    return session;
  }

  /** Marks the session used now; false when it no longer exists (ended meanwhile). */
  touch(idHash: string): Promise<boolean> {
    return this.sessions.touch(idHash, this.clock.now());
  }

  /** Removes a session that can no longer be used, in a transaction of its own (saved even when the request fails). */
  async removeDead(idHash: string): Promise<void> {
    await this.uow.separately(() => this.sessions.delete(idHash));
  }

  /** Ends a session (the browser's previous one at a sign-in); the gateways are told once it is saved. Its user, or null. */
  async endByToken(token: string): Promise<string | null> {
    const userId = await this.sessions.deleteReturningUser(hashToken(token));
    if (userId) this.notices.afterCommit(userId);
    return userId;
  }

  /** Signs a session out and records it about its user; a token of no session does nothing. */
  async signOut(token: string): Promise<void> {
    const userId = await this.endByToken(token);
    if (userId) this.audit.security({ action: 'sign-out', actor: await this.actorOf(userId), entityId: userId });
  }

  /** Ends every session of the user, in the unit of work of the change that takes its access away. */
  async endAllOf(userId: string): Promise<void> {
    await this.sessions.deleteForUser(userId);
  }

  /** Drops sessions that can no longer be used (idle too long or past their absolute lifetime). */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.sessions.deleteExpired(new Date(now - this.idleMs), new Date(now - this.absoluteMs));
  }

  /** The session's user as an entry's actor (the request is the gateway's, or has no session). */
  private async actorOf(userId: string): Promise<AuditActor> {
    const user = await this.users.findById(userId);
    return user ? actorOfUser(user) : { id: userId, username: null, name: null, role: null };
  }

  cookieOptions() {
    const secure = this.config.PUBLIC_URL?.startsWith('https://') ?? false;
    return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  }
}

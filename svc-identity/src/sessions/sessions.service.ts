import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CLOCK, UnitOfWork, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, IDENTITY_DB, type IdentityConfig } from '../config';
import { SessionEntity } from './session.entity';
import { SessionNotices } from './session-notices';

export const SESSION_COOKIE = 'kcf_sid';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions. Every write joins the request's unit of work (`uow.transaction`), except the removal
 * of a session found dead while resolving it: the resolve call then answers 401, which rolls its unit back,
 * so that removal is saved on its own (`uow.separately`).
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(SessionEntity, IDENTITY_DB) private readonly sessions: Repository<SessionEntity>,
    private readonly uow: UnitOfWork,
    private readonly notices: SessionNotices,
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
    const now = this.clock.now();
    const idHash = hashToken(token);
    await this.purgeExpired();
    await this.uow.transaction((m) => m.insert(SessionEntity, { idHash, userId, createdAt: now, lastSeenAt: now }));
    return { token, idHash };
  }

  /**
   * The live session for a cookie token (not touched: see `touch`); null when unknown, idle too long or
   * too old. A dead session found here is removed at once, whatever the request answers.
   */
  async findLive(token: string): Promise<SessionEntity | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const idHash = hashToken(token);
    const session = await this.sessions.findOneBy({ idHash });
    if (!session) return null;
    const now = this.clock.now().getTime();
    if (now - session.lastSeenAt.getTime() > this.idleMs || now - session.createdAt.getTime() > this.absoluteMs) {
      await this.removeDead(idHash);
      return null;
    }
    return session;
  }

  /** Marks the session used now; false when it no longer exists (ended meanwhile). */
  async touch(idHash: string): Promise<boolean> {
    const result = await this.uow.transaction((m) => m.update(SessionEntity, { idHash }, { lastSeenAt: this.clock.now() }));
    return (result.affected ?? 0) > 0;
  }

  /** Removes a session that can no longer be used, in a transaction of its own (saved even when the request fails). */
  async removeDead(idHash: string): Promise<void> {
    await this.uow.separately((m) => m.delete(SessionEntity, { idHash }));
  }

  /** Signs a session out; the gateways are told once it is saved. */
  async endByToken(token: string): Promise<void> {
    const ended: { user_id: string }[] = await this.uow.transaction((m) =>
      // (A SELECT around the DELETE: TypeORM answers a bare DELETE ... RETURNING with [rows, count], not rows.)
      m.query('WITH ended AS (DELETE FROM sessions WHERE id_hash = $1 RETURNING user_id) SELECT user_id FROM ended', [hashToken(token)]),
    );
    for (const { user_id } of ended) this.notices.afterCommit(user_id);
  }

  /** Drops sessions that can no longer be used (idle too long or past their absolute lifetime). */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.uow.transaction((m) =>
      m
        .createQueryBuilder()
        .delete()
        .from(SessionEntity)
        .where('last_seen_at < :idle OR created_at < :absolute', { idle: new Date(now - this.idleMs), absolute: new Date(now - this.absoluteMs) })
        .execute(),
    );
  }

  cookieOptions() {
    const secure = this.config.PUBLIC_URL?.startsWith('https://') ?? false;
    return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CLOCK, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, IDENTITY_DB, type IdentityConfig } from '../config';
import { SessionEntity } from './session.entity';

export const SESSION_COOKIE = 'kcf_sid';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(SessionEntity, IDENTITY_DB) private readonly sessions: Repository<SessionEntity>,
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
    await this.sessions.insert({ idHash, userId, createdAt: now, lastSeenAt: now });
    return { token, idHash };
  }

  /** The live session for a cookie token, touched; null when unknown, idle too long or too old. */
  async resolve(token: string): Promise<SessionEntity | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const idHash = hashToken(token);
    const session = await this.sessions.findOneBy({ idHash });
    if (!session) return null;
    const now = this.clock.now().getTime();
    if (now - session.lastSeenAt.getTime() > this.idleMs || now - session.createdAt.getTime() > this.absoluteMs) {
      await this.sessions.delete({ idHash });
      return null;
    }
    session.lastSeenAt = new Date(now);
    await this.sessions.update({ idHash }, { lastSeenAt: session.lastSeenAt });
    return session;
  }

  async endByToken(token: string): Promise<void> {
    await this.sessions.delete({ idHash: hashToken(token) });
  }

  async endById(idHash: string): Promise<void> {
    await this.sessions.delete({ idHash });
  }

  /** Ends every session of a user (password change, reset, delete, deactivation). */
  async endAllForUser(userId: string): Promise<void> {
    await this.sessions.delete({ userId });
  }

  /** Drops sessions that can no longer be used (idle too long or past their absolute lifetime). */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.sessions
      .createQueryBuilder()
      .delete()
      .where('last_seen_at < :idle OR created_at < :absolute', { idle: new Date(now - this.idleMs), absolute: new Date(now - this.absoluteMs) })
      .execute();
  }

  cookieOptions() {
    const secure = this.config.PUBLIC_URL?.startsWith('https://') ?? false;
    return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CLOCK, UnitOfWork, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, IDENTITY_DB, type IdentityConfig } from '../config';
import { usernameKey, type LockoutPolicy, type LockScope } from './lockout-policy';

interface Subject {
  scope: LockScope;
  key: string;
  max: number;
}

/**
 * The brute-force limit, kept in PostgreSQL so every process of identity sees the same counts:
 * after `maxPerUsername` failed sign-ins for one username (or `maxPerAddress` from one address) within
 * the window, that username (address) is locked for `lockoutMs`, even for the right password.
 * Attempts refused while locked are not counted (so a lock ends when it says it will), and a success
 * clears the username's failures.
 * A failure is saved in a transaction of its own (`uow.separately`): the request that counts it answers
 * 401 (or 400), which rolls the request's own unit of work back, and the count must stay.
 */
@Injectable()
export class LoginThrottle {
  readonly policy: LockoutPolicy;

  constructor(
    @InjectDataSource(IDENTITY_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.policy = {
      maxPerUsername: config.LOGIN_MAX_FAILURES,
      maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
      lockoutMs: config.LOGIN_LOCKOUT_MINUTES * 60_000,
    };
  }

  /** Milliseconds until the username and the address may try again; 0 when neither is locked. */
  async lockedFor(username: string, address: string | undefined): Promise<number> {
    const now = this.clock.now();
    const rows: { locked_until: Date }[] = await this.db.query(
      `SELECT locked_until FROM login_locks
        WHERE ((scope = 'username' AND key = $1) OR (scope = 'address' AND key = $2)) AND locked_until > $3`,
      [usernameKey(username), address ?? '', now],
    );
    const until = Math.max(0, ...rows.map((r) => new Date(r.locked_until).getTime()));
    return until > now.getTime() ? until - now.getTime() : 0;
  }

  /** Counts one failed attempt, saved at once; locks the username (address) when it reaches its limit. */
  async recordFailure(username: string, address: string | undefined): Promise<void> {
    const subjects: Subject[] = [{ scope: 'username', key: usernameKey(username), max: this.policy.maxPerUsername }];
    if (address) subjects.push({ scope: 'address', key: address.slice(0, 255), max: this.policy.maxPerAddress });
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - this.policy.windowMs);
    await this.uow.separately(async (m) => {
      await m.query('DELETE FROM login_failures WHERE failed_at <= $1', [windowStart]);
      await m.query('DELETE FROM login_locks WHERE locked_until <= $1', [now]);
      for (const subject of subjects) await this.countFailure(m, subject, now, windowStart);
    });
  }

  /** A successful sign-in forgets the username's failures (not the address's), with the sign-in's unit of work. */
  async recordSuccess(username: string): Promise<void> {
    await this.uow.transaction((m) => m.query(`DELETE FROM login_failures WHERE scope = 'username' AND key = $1`, [usernameKey(username)]));
  }

  private async countFailure(m: EntityManager, { scope, key, max }: Subject, now: Date, windowStart: Date): Promise<void> {
    // One attempt at a time per key, so parallel failures cannot all slip under the limit.
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`login:${scope}:${key}`]);
    await m.query('INSERT INTO login_failures (scope, key, failed_at) VALUES ($1, $2, $3)', [scope, key, now]);
    const [{ n }]: { n: number }[] = await m.query(
      'SELECT count(*)::int AS n FROM login_failures WHERE scope = $1 AND key = $2 AND failed_at > $3',
      [scope, key, windowStart],
    );
    if (n < max) return;
    await m.query(
      `INSERT INTO login_locks (scope, key, locked_until) VALUES ($1, $2, $3)
       ON CONFLICT (scope, key) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
      [scope, key, new Date(now.getTime() + this.policy.lockoutMs)],
    );
    await m.query('DELETE FROM login_failures WHERE scope = $1 AND key = $2', [scope, key]);
  }
}

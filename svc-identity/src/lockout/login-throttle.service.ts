import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, UnitOfWork, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { usernameKey, type LockoutPolicy } from './lockout-policy';
import { LockoutRepository, type LockSubject } from './lockout.repository';

interface Subject extends LockSubject {
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
    private readonly lockout: LockoutRepository,
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
    const until = Math.max(0, ...(await this.lockout.lockedUntil(usernameKey(username), address ?? '', now)).map((d) => d.getTime()));
    return until > now.getTime() ? until - now.getTime() : 0;
  }

  /** Counts one failed attempt, saved at once; locks the username (address) when it reaches its limit. */
  async recordFailure(username: string, address: string | undefined): Promise<void> {
    const subjects: Subject[] = [{ scope: 'username', key: usernameKey(username), max: this.policy.maxPerUsername }];
    if (address) subjects.push({ scope: 'address', key: address.slice(0, 255), max: this.policy.maxPerAddress });
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - this.policy.windowMs);
    await this.uow.separately(async () => {
      await this.lockout.deleteOld(windowStart, now);
      for (const subject of subjects) await this.countFailure(subject, now, windowStart);
    });
  }

  /** A successful sign-in forgets the username's failures (not the address's), with the sign-in's unit of work. */
  async recordSuccess(username: string): Promise<void> {
    await this.lockout.clearFailures({ scope: 'username', key: usernameKey(username) });
  }

  private async countFailure(subject: Subject, now: Date, windowStart: Date): Promise<void> {
    // One attempt at a time per key, so parallel failures cannot all slip under the limit.
    await this.lockout.serialize(subject);
    await this.lockout.addFailure(subject, now);
    if ((await this.lockout.failuresSince(subject, windowStart)) < subject.max) return;
    await this.lockout.lock(subject, new Date(now.getTime() + this.policy.lockoutMs));
    await this.lockout.clearFailures(subject);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { AuditTrail, CLOCK, UnitOfWork, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { actorOfUser, UNKNOWN_ACTOR } from '../users/user-audit';
import type { UserRow } from '../users/user-row';
import { usernameKey, type LockoutPolicy } from './lockout-policy';
import { LockoutRepository, type LockSubject } from './lockout.repository';

interface Subject extends LockSubject {
  max: number;
}

/** A refused sign-in (or wrong current password) to count and record. */
export interface FailedAttempt {
  /** The username as typed: counted under its key, never recorded (a mistyped username may be a password). */
  username: string;
  address: string | undefined;
  /** The account the username names (the entries' actor); null when none does. */
  account: UserRow | null;
  /** What the failed sign-in's entry says: how the attempt was made and why it was refused. */
  details: Record<string, unknown>;
}

/**
 * The brute-force limit, kept in PostgreSQL so every process of identity sees the same counts:
 * after `maxPerUsername` failed sign-ins for one username (or `maxPerAddress` from one address) within
 * the window, that username (address) is locked for `lockoutMs`, even for the right password.
 * Attempts refused while locked are not counted (so a lock ends when it says it will), and a success
 * clears the username's failures.
 * A failure is saved in a transaction of its own (`uow.separately`): the request that counts it answers
 * 401 (or 400), which rolls the request's own unit of work back, and the count must stay. Its audit entries
 * (`sign-in-failed`, and `lockout` when it locks the username or the address) are written in that same
 * transaction, about the account the username names, or about nobody when it names none.
 */
@Injectable()
export class LoginThrottle {
  readonly policy: LockoutPolicy;

  constructor(
    private readonly lockout: LockoutRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditTrail,
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
    const until = Math.max(
      0,
      ...(await this.lockout.lockedUntil(usernameKey(username), address ?? '', now)).map((d) => d.getTime()),
    );
    return until > now.getTime() ? until - now.getTime() : 0;
  }

  /**
   * Counts one failed attempt and records it, saved at once; locks the username (address) when it reaches its
   * limit, and records the lockout.
   */
  async recordFailure(attempt: FailedAttempt): Promise<void> {
    const { username, address, account } = attempt;
    const subjects: Subject[] = [{ scope: 'username', key: usernameKey(username), max: this.policy.maxPerUsername }];
    if (address) subjects.push({ scope: 'address', key: address.slice(0, 255), max: this.policy.maxPerAddress });
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - this.policy.windowMs);
    const actor = account ? actorOfUser(account) : UNKNOWN_ACTOR;
    const entityId = account?.id ?? null;
    const minutes = this.policy.lockoutMs / 60_000;
    await this.uow.separately(async () => {
      await this.lockout.deleteOld(windowStart, now);
      this.audit.security({ action: 'sign-in-failed', actor, entityId, details: attempt.details });
      for (const subject of subjects) {
        if (!(await this.countFailure(subject, now, windowStart))) continue;
        if (subject.scope === 'username')
          this.audit.security({ action: 'lockout', actor, entityId, details: { scope: 'username', minutes } });
        else
          this.audit.security({
            action: 'lockout',
            actor: UNKNOWN_ACTOR,
            details: { scope: 'address', address: subject.key, minutes },
          });
      }
    });
  }

  /** A successful sign-in forgets the username's failures (not the address's), with the sign-in's unit of work. */
  async recordSuccess(username: string): Promise<void> {
    await this.lockout.clearFailures({ scope: 'username', key: usernameKey(username) });
  }

  /** Counts the failure for the subject; true when it locked the subject. */
  private async countFailure(subject: Subject, now: Date, windowStart: Date): Promise<boolean> {
    // One attempt at a time per key, so parallel failures cannot all slip under the limit.
    await this.lockout.serialize(subject);
    await this.lockout.addFailure(subject, now);
    if ((await this.lockout.failuresSince(subject, windowStart)) < subject.max) return false;
    await this.lockout.lock(subject, new Date(now.getTime() + this.policy.lockoutMs));
    await this.lockout.clearFailures(subject);
    return true;
  }
}

import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';
import type { LockScope } from './lockout-policy';

/** Who failed to sign in: a username key or a client address. */
export interface LockSubject {
  scope: LockScope;
  key: string;
}

/** The brute-force state: `login_failures` (failed sign-ins) and `login_locks` (who is refused until when). */
@Injectable()
export class LockoutRepository {
  constructor(private readonly db: Database) {}

  /** When the username key and the address are locked until, for the locks still running at `now`. */
  async lockedUntil(usernameKey: string, address: string, now: Date): Promise<Date[]> {
    const rows = await this.db.read.rows<{ locked_until: Date }>(
      `SELECT locked_until FROM login_locks
        WHERE ((scope = 'username' AND key = $1) OR (scope = 'address' AND key = $2)) AND locked_until > $3`,
      [usernameKey, address, now],
    );
    return rows.map((r) => new Date(r.locked_until));
  }

  /** Forgets failures at or before `windowStart` and locks that ended by `now`. */
  async deleteOld(windowStart: Date, now: Date): Promise<void> {
    await this.db.write.exec('DELETE FROM login_failures WHERE failed_at <= $1', [windowStart]);
    await this.db.write.exec('DELETE FROM login_locks WHERE locked_until <= $1', [now]);
  }

  /** Holds the subject until the unit of work ends: one failure at a time per key. */
  async serialize({ scope, key }: LockSubject): Promise<void> {
    await this.db.write.exec('SELECT pg_advisory_xact_lock(hashtext($1))', [`login:${scope}:${key}`]);
  }

  async addFailure({ scope, key }: LockSubject, at: Date): Promise<void> {
    await this.db.write.exec('INSERT INTO login_failures (scope, key, failed_at) VALUES ($1, $2, $3)', [
      scope,
      key,
      at,
    ]);
  }

  /** Failures of the subject after `since`, this unit's own included. */
  async failuresSince({ scope, key }: LockSubject, since: Date): Promise<number> {
    const row = await this.db.write.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_failures WHERE scope = $1 AND key = $2 AND failed_at > $3',
      [scope, key, since],
    );
    return row?.n ?? 0;
  }

  async lock({ scope, key }: LockSubject, until: Date): Promise<void> {
    await this.db.write.exec(
      `INSERT INTO login_locks (scope, key, locked_until) VALUES ($1, $2, $3)
       ON CONFLICT (scope, key) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
      [scope, key, until],
    );
  }

  async clearFailures({ scope, key }: LockSubject): Promise<void> {
    await this.db.write.exec('DELETE FROM login_failures WHERE scope = $1 AND key = $2', [scope, key]);
  }
}

import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

/** A server-side session. The cookie holds a random token; only its SHA-256 is stored. */
export interface SessionRow {
  idHash: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The `sessions` table. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  find(idHash: string): Promise<SessionRow | null> {
    return this.db.read.one<SessionRow>(
      'SELECT id_hash AS "idHash", user_id AS "userId", created_at AS "createdAt", last_seen_at AS "lastSeenAt" FROM sessions WHERE id_hash = $1',
      [idHash],
    );
  }

  async insert(idHash: string, userId: string, now: Date): Promise<void> {
    await this.db.write.exec(
      'INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)',
      [idHash, userId, now],
    );
  }

  /** Marks the session used at `now`; false when it no longer exists. */
  async touch(idHash: string, now: Date): Promise<boolean> {
    return (await this.db.write.exec('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, now])) > 0;
  }

  /** Deletes the session; false when it was no longer there. */
  async delete(idHash: string): Promise<boolean> {
    return (await this.db.write.exec('DELETE FROM sessions WHERE id_hash = $1', [idHash])) > 0;
  }

  /** Deletes the session; the user it belonged to, or null when there was none. */
  async deleteReturningUser(idHash: string): Promise<string | null> {
    const ended = await this.db.write.one<{ user_id: string }>(
      'DELETE FROM sessions WHERE id_hash = $1 RETURNING user_id',
      [idHash],
    );
    return ended?.user_id ?? null;
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.db.write.exec('DELETE FROM sessions WHERE user_id = $1', [userId]);
  }

  /** Drops sessions last used before `idleBefore` or opened before `openedBefore`. */
  async deleteExpired(idleBefore: Date, openedBefore: Date): Promise<void> {
    await this.db.write.exec('DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2', [
      idleBefore,
      openedBefore,
    ]);
  }
}

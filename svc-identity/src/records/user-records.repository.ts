import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

/** A record of another domain (which domain, what kind, its id there) and the user who created it. */
export interface UserRecord {
  domain: string;
  recordType: string;
  recordId: string;
  userId: string;
}

/** `user_records`: one row per record another domain reported, with who created it and whether it is gone. */
@Injectable()
export class UserRecordsRepository {
  constructor(private readonly db: Database) {}

  /** Marks the record deleted, adding its row if its "created" has not arrived (a deletion always wins). */
  async markDeleted({ domain, recordType, recordId, userId }: UserRecord, now: Date): Promise<void> {
    await this.db.write.exec(
      `INSERT INTO user_records (domain, record_type, record_id, user_id, deleted, updated_at) VALUES ($1, $2, $3, $4, true, $5)
       ON CONFLICT (domain, record_type, record_id) DO UPDATE SET deleted = true, updated_at = $5`,
      [domain, recordType, recordId, userId, now],
    );
  }

  /** Adds the record unless it is known already (a repeated or late "created" changes nothing). */
  async addCreated({ domain, recordType, recordId, userId }: UserRecord, now: Date): Promise<void> {
    await this.db.write.exec(
      `INSERT INTO user_records (domain, record_type, record_id, user_id, deleted, updated_at) VALUES ($1, $2, $3, $4, false, $5)
       ON CONFLICT (domain, record_type, record_id) DO NOTHING`,
      [domain, recordType, recordId, userId, now],
    );
  }

  /** How many records of other domains the user created and that still exist (in the unit of work that locked the user). */
  async countLive(userId: string): Promise<number> {
    const row = await this.db.write.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_records WHERE user_id = $1 AND NOT deleted',
      [userId],
    );
    return row?.n ?? 0;
  }
}

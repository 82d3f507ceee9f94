import { Injectable } from '@nestjs/common';
import { Database, uuidsOf, type RecordFacts } from '@kcf/server-kit';

/** The users an audit page names, read by id (UserRecordNamer). */
@Injectable()
export class AuditNamesRepository {
  constructor(private readonly db: Database) {}

  async users(ids: readonly string[]): Promise<Map<string, RecordFacts>> {
    const uuids = uuidsOf(ids);
    if (!uuids.length) return new Map();
    const rows = await this.db.read.rows<{ id: string; username: string }>(
      'SELECT id::text AS id, username FROM users WHERE id = ANY($1::uuid[])',
      [uuids],
    );
    return new Map(rows.map(({ id, username }) => [id, { username }]));
  }
}

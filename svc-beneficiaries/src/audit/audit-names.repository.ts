import { Injectable } from '@nestjs/common';
import { Database, uuidsOf, type RecordFacts } from '@kcf/server-kit';

/** What names each table's records in the audit log, in the API's field names (see childRecordLabel). */
const FACTS = {
  gifts: `gift_type AS "giftType", to_char(date_given, 'YYYY-MM-DD') AS "dateGiven"`,
  documents: `document_type AS "documentType"`,
  school_performance: 'subject, term',
  school_fees: 'term, year',
} as const;
export type NamedTable = keyof typeof FACTS;

/** The child records an audit page names, read by id (ChildRecordNamer). */
@Injectable()
export class AuditNamesRepository {
  constructor(private readonly db: Database) {}

  async facts(table: NamedTable, ids: readonly string[]): Promise<Map<string, RecordFacts>> {
    const uuids = uuidsOf(ids);
    if (!uuids.length) return new Map();
    const rows = await this.db.read.rows<RecordFacts & { id: string }>(
      `SELECT id::text AS id, ${FACTS[table]} FROM ${table} WHERE id = ANY($1::uuid[])`,
      [uuids],
    );
    return new Map(rows.map(({ id, ...facts }) => [id, facts]));
  }
}

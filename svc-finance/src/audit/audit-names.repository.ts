import { Injectable } from '@nestjs/common';
import { Database, uuidsOf, type RecordFacts } from '@kcf/server-kit';

/** What names each table's records in the audit log, in the API's field names (see financeRecordLabel). */
const FACTS = {
  budgets: 'category, quarter, year',
  income: `source, to_char(date, 'YYYY-MM-DD') AS date`,
  expenses: `category, to_char(date, 'YYYY-MM-DD') AS date`,
} as const;
export type NamedTable = keyof typeof FACTS;

/** The finance records an audit page names, read by id (FinanceRecordNamer). */
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

import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/** A statement's name: a digest of its text, so the same text is the same statement on every connection. */
export function statementName(sql: string): string {
  return `kcf_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}

/**
 * Runs a read as a named (prepared) statement straight on the pool under the DataSource: each connection
 * parses a text once and afterwards only binds and executes it, and the call skips TypeORM's query
 * runner. Only for hot reads whose SQL comes from a small fixed set of texts (the list: per sort, with
 * and without the count, walked forward or backward), because a connection keeps every text it prepared,
 * and the memory PostgreSQL holds for it, for its whole life. PostgreSQL still plans every execution for its parameters:
 * server-kit's database module sets plan_cache_mode=force_custom_plan on the service's connections.
 */
export async function queryPrepared<T extends QueryResultRow>(db: DataSource, sql: string, params: unknown[]): Promise<T[]> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const result = await pool.query<T>({ name: statementName(sql), text: sql, values: params });
  return result.rows;
}

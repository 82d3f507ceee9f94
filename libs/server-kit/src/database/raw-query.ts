import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { EntityManager, type DataSource } from 'typeorm';

/** A statement's name: a digest of its text, so the same text is the same statement on every connection. */
export function statementName(sql: string): string {
  return `kcf_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}

/**
 * Runs one of a few fixed statements as a named (prepared) statement straight on pg, skipping TypeORM's
 * query runner: on the pool under a DataSource (a statement of its own), or on the connection of a
 * manager's transaction. For hot paths only (each connection keeps every text it prepared for its life).
 */
export async function queryPrepared<T extends QueryResultRow>(on: DataSource | EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const runner = on instanceof EntityManager ? on.queryRunner : undefined;
  const dataSource = on instanceof EntityManager ? on.connection : on;
  const client: Pool | PoolClient = runner ? ((await runner.connect()) as PoolClient) : (dataSource.driver as unknown as { master: Pool }).master;
  const result = await client.query<T>({ name: statementName(sql), text: sql, values: params });
  return result.rows;
}

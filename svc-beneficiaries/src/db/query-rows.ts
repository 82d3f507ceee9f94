import type { DataSource, EntityManager } from 'typeorm';

type Queryable = Pick<EntityManager, 'query'> | Pick<DataSource, 'query'>;

/**
 * Runs SQL and answers its rows. TypeORM answers `[rows, rowCount]` for UPDATE and DELETE and the rows for
 * everything else; this reads both, so `UPDATE ... RETURNING` and `DELETE ... RETURNING` read like SELECT.
 */
export async function queryRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

/** The first row, or null. */
export async function queryOne<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T | null> {
  const rows = await queryRows<T>(db, sql, params);
  return rows[0] ?? null;
}

/**
 * Inserts many rows in one statement from column arrays (`unnest`), so an import is a handful of
 * statements rather than one per row. `columns` maps each column to its PostgreSQL array element type.
 */
export async function insertMany(
  db: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const arrays = names.map((name) => rows.map((row) => row[name] ?? null));
  const unnest = names.map((name, i) => `$${i + 1}::${columns[name]}[]`).join(', ');
  await db.query(`INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${unnest})`, arrays);
}

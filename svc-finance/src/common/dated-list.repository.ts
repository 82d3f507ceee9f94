import type { FinanceListQuery } from '@kcf/contracts';
import type { Sql } from '@kcf/server-kit';

/**
 * One page of a dated list (income, expenses), newest date first, then newest entry, and the number of all its
 * records in the optional date range (inclusive). `columns` may name the table as `t`.
 */
export async function readDatedList<R extends Record<string, unknown>>(
  read: Sql,
  table: 'income' | 'expenses',
  columns: string,
  query: FinanceListQuery,
): Promise<{ rows: R[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.from) where.push(`t.date >= $${params.push(query.from)}`);
  if (query.to) where.push(`t.date <= $${params.push(query.to)}`);
  const filter = where.length ? where.join(' AND ') : 'TRUE';
  const [rows, counted] = await Promise.all([
    read.rows<R>(
      `SELECT ${columns} FROM ${table} t WHERE ${filter}
       ORDER BY t.date DESC, t.created_at DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    ),
    read.one<{ total: number }>(`SELECT count(*)::int AS total FROM ${table} t WHERE ${filter}`, params),
  ]);
  return { rows, total: counted!.total };
}

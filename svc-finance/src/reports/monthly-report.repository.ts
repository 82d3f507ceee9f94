import { Injectable } from '@nestjs/common';
import type { ExpenseCategory, MonthlyExpenseGroup, MonthlyIncomeGroup } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';

interface GroupRow {
  kind: 'income' | 'expense';
  key: string;
  total: string;
  count: number;
}

/**
 * One statement, so both halves are read in one snapshot: the month's income by source and its expenses by category,
 * each summed in SQL (numeric, to the cent) with how many records, largest first.
 */
const MONTH_GROUPS_SQL = `
  SELECT kind, key, total::text AS total, count FROM (
    SELECT 'income' AS kind, source AS key, sum(amount) AS total, count(*)::int AS count
      FROM income WHERE date >= $1::date AND date < ($1::date + interval '1 month')::date GROUP BY source
    UNION ALL
    SELECT 'expense' AS kind, category AS key, sum(amount) AS total, count(*)::int AS count
      FROM expenses WHERE date >= $1::date AND date < ($1::date + interval '1 month')::date GROUP BY category
  ) AS groups
  ORDER BY kind, groups.total DESC, key`;

/** The Monthly Report's reading of `income` and `expenses`. */
@Injectable()
export class MonthlyReportRepository {
  constructor(private readonly db: Database) {}

  /** The groups of `month` (YYYY-MM). */
  async groups(month: string): Promise<{ bySource: MonthlyIncomeGroup[]; byCategory: MonthlyExpenseGroup[] }> {
    const rows = await this.db.read.rows<GroupRow>(MONTH_GROUPS_SQL, [`${month}-01`]);
    return {
      bySource: rows.filter((r) => r.kind === 'income').map((r) => ({ label: r.key, total: r.total, count: r.count })),
      byCategory: rows
        .filter((r) => r.kind === 'expense')
        .map((r) => ({ category: r.key as ExpenseCategory, total: r.total, count: r.count })),
    };
  }
}

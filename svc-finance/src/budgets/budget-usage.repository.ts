import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';
import type { Money } from '@kcf/contracts';
import type { BudgetKey } from './budget-usage';

/** A budget whose used amount a recalculation changed: which one, and the amount before and after. */
export interface RecomputedUsage extends BudgetKey {
  id: string;
  from: Money;
  to: Money;
}

/** Advisory lock taken by everything that writes used amounts, so a slower recompute never overwrites a newer one. */
const USAGE_LOCK = [7355608, 1] as const;

/** SQL for the sum of expenses of `category` dated from `from` to `to` inclusive ($1, $2, $3). */
export const USED_AMOUNT_SQL = `(SELECT COALESCE(sum(e.amount), 0) FROM expenses e WHERE e.category = $1::varchar AND e.date >= $2::date AND e.date <= $3::date)`;

/** The budgets' used amounts, always recomputed from the expenses themselves (never added to or subtracted from). */
@Injectable()
export class BudgetUsageRepository {
  constructor(private readonly db: Database) {}

  /** Held until the unit of work ends: the sums read after it see everything committed before it was granted. */
  async lock(): Promise<void> {
    await this.db.write.exec('SELECT pg_advisory_xact_lock($1, $2)', [...USAGE_LOCK]);
  }

  /** The used amount of the budget named by `key`, whose term runs from `from` to `to`. */
  async recompute(key: BudgetKey, from: string, to: string): Promise<void> {
    await this.db.write.exec(
      `UPDATE budgets SET used_amount = ${USED_AMOUNT_SQL}
       WHERE category = $1 AND quarter = $4 AND year = $5`,
      [key.category, from, to, key.quarter, key.year],
    );
  }

  /**
   * Every budget's used amount, in one statement (one index range scan per budget on expenses (category, date)).
   * Returns the budgets that changed, each with its used amount before and after (read in the same statement,
   * under the usage lock), ordered by year, term and category.
   */
  async recomputeAll(): Promise<RecomputedUsage[]> {
    const rows = await this.db.write.rows<RecomputedUsage>(`
      UPDATE budgets b SET used_amount = u.used
      FROM (
        SELECT b2.id, b2.used_amount AS old_used, COALESCE((
          SELECT sum(e.amount) FROM expenses e
          WHERE e.category = b2.category AND e.date >= t.first_day AND e.date < (t.first_day + interval '4 months')::date
        ), 0) AS used
        FROM budgets b2
        CROSS JOIN LATERAL (
          SELECT make_date(b2.year, CASE b2.quarter WHEN 'Term 1' THEN 1 WHEN 'Term 2' THEN 5 ELSE 9 END, 1) AS first_day
        ) t
      ) u
      WHERE b.id = u.id AND b.used_amount IS DISTINCT FROM u.used
      RETURNING b.id, b.category, b.quarter, b.year, u.old_used::text AS "from", b.used_amount::text AS "to"`);
    return rows.sort(
      (a, b) => a.year - b.year || a.quarter.localeCompare(b.quarter) || a.category.localeCompare(b.category),
    );
  }
}

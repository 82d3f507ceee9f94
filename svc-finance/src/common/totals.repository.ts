import { Injectable } from '@nestjs/common';
import type { FinanceStats } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';

const TOTALS_SQL = `SELECT total_income::text AS "totalDonations", total_expenses::text AS "totalExpenses",
  (total_income - total_expenses)::text AS "netBalance" FROM finance_totals WHERE id = 1`;

/**
 * The running totals (`finance_totals`), kept by statement triggers on income and expenses in the transaction of
 * every change. A write that changes an amount updates the one totals row, so it holds that row's lock until it
 * commits: read right after such a write, the balance includes every committed change and this transaction's own,
 * and no other amount-changing write can commit in between. That is what serializes the balance checks.
 */
@Injectable()
export class TotalsRepository {
  constructor(private readonly db: Database) {}

  /** As committed (the dashboard). */
  async committed(): Promise<FinanceStats> {
    return (await this.db.read.one<FinanceStats>(TOTALS_SQL))!;
  }

  /** In the current unit of work, its own changes included: read right after the write that changed an amount. */
  async inThisUnit(): Promise<FinanceStats> {
    return (await this.db.write.one<FinanceStats>(TOTALS_SQL))!;
  }
}

import type { Money } from '@kcf/contracts';
import type { EntityManager } from 'typeorm';

export interface FinanceTotals {
  totalDonations: Money;
  totalExpenses: Money;
  netBalance: Money;
}

const TOTALS_SQL = `SELECT total_income::text AS "totalDonations", total_expenses::text AS "totalExpenses",
  (total_income - total_expenses)::text AS "netBalance" FROM finance_totals WHERE id = 1`;

/**
 * The running totals, kept by statement triggers on income and expenses in the transaction of every change.
 * A write that changes an amount updates the one totals row, so it holds that row's lock until it commits:
 * read right after such a write, the balance includes every committed change and this transaction's own, and
 * no other amount-changing write can commit in between. That is what serializes the balance checks.
 */
export async function readTotals(manager: EntityManager): Promise<FinanceTotals> {
  const rows: FinanceTotals[] = await manager.query(TOTALS_SQL);
  return rows[0];
}

/** Net balance (income - expenses). */
export async function readBalance(manager: EntityManager): Promise<Money> {
  return (await readTotals(manager)).netBalance;
}

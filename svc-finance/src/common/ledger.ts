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
 * Locks the totals row for the rest of the transaction and returns the net balance (income - expenses).
 * Every write that changes income or expenses takes this lock first, so balance checks are serialized:
 * two expenses that together exceed the balance cannot both see it.
 */
export async function lockBalance(manager: EntityManager): Promise<Money> {
  const rows: FinanceTotals[] = await manager.query(`${TOTALS_SQL} FOR UPDATE`);
  return rows[0].netBalance;
}

/** The running totals (kept by triggers on income and expenses). */
export async function readTotals(manager: EntityManager): Promise<FinanceTotals> {
  const rows: FinanceTotals[] = await manager.query(TOTALS_SQL);
  return rows[0];
}

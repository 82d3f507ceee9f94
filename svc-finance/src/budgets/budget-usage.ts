import {
  ExpenseCreated,
  ExpenseDeleted,
  ExpenseUpdated,
  parseIsoDate,
  termDateRange,
  termOfDate,
  type EventEnvelope,
  type ExpenseCategory,
  type IsoDate,
  type Term,
} from '@kcf/contracts';
import type { EntityManager } from 'typeorm';

/** Which budget an expense counts against: its category, in the term and year of its date. */
export interface BudgetKey {
  category: ExpenseCategory;
  quarter: Term;
  year: number;
}

export function budgetKeyOf(category: ExpenseCategory, date: IsoDate): BudgetKey {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a valid YYYY-MM-DD date: ${date}`);
  return { category, quarter: termOfDate(date), year: parsed.year };
}

const EXPENSE_EVENTS = [ExpenseCreated, ExpenseUpdated, ExpenseDeleted];

/**
 * The budgets an expense event touches: its category/term/year, and for an update also the previous one
 * (a changed category or a date moved to another term). Null for an event this consumer does not know.
 */
export function affectedBudgetKeys(envelope: EventEnvelope): BudgetKey[] | null {
  const definition = EXPENSE_EVENTS.find((d) => d.subject === envelope.subject);
  const parsed = definition?.envelope.safeParse(envelope);
  if (!parsed?.success) return null;
  const payload = parsed.data.payload as { category: ExpenseCategory; date: IsoDate; previousCategory?: ExpenseCategory; previousDate?: IsoDate };
  const keys = [budgetKeyOf(payload.category, payload.date)];
  if (payload.previousCategory && payload.previousDate) keys.push(budgetKeyOf(payload.previousCategory, payload.previousDate));
  return keys.filter((key, i) => keys.findIndex((k) => k.category === key.category && k.quarter === key.quarter && k.year === key.year) === i);
}

/** Advisory lock taken by everything that writes used amounts, so a slower recompute never overwrites a newer one. */
const USAGE_LOCK = [7355608, 1] as const;

export async function lockBudgetUsage(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [...USAGE_LOCK]);
}

/** SQL for the sum of expenses of `category` dated from `from` to `to` inclusive ($1, $2, $3). */
export const USED_AMOUNT_SQL = `(SELECT COALESCE(sum(e.amount), 0) FROM expenses e WHERE e.category = $1::varchar AND e.date >= $2::date AND e.date <= $3::date)`;

/**
 * Sets the used amount of each budget named by `keys` from the expenses themselves. Call inside a transaction:
 * the lock comes first, so the sums read everything committed before it was granted.
 */
export async function recomputeBudgetUsage(manager: EntityManager, keys: readonly BudgetKey[]): Promise<void> {
  if (keys.length === 0) return;
  await lockBudgetUsage(manager);
  for (const key of keys) {
    const { from, to } = termDateRange(key.quarter, key.year);
    await manager.query(
      `UPDATE budgets SET used_amount = ${USED_AMOUNT_SQL}
       WHERE category = $1 AND quarter = $4 AND year = $5`,
      [key.category, from, to, key.quarter, key.year],
    );
  }
}

/**
 * Every budget's used amount from the expenses, in one statement (one index range scan per budget on
 * expenses (category, date)). Returns how many budgets changed.
 */
export async function recomputeAllBudgetUsage(manager: EntityManager): Promise<number> {
  await lockBudgetUsage(manager);
  const [, changed]: [unknown, number] = await manager.query(`
    UPDATE budgets b SET used_amount = u.used
    FROM (
      SELECT b2.id, COALESCE((
        SELECT sum(e.amount) FROM expenses e
        WHERE e.category = b2.category AND e.date >= t.first_day AND e.date < (t.first_day + interval '4 months')::date
      ), 0) AS used
      FROM budgets b2
      CROSS JOIN LATERAL (
        SELECT make_date(b2.year, CASE b2.quarter WHEN 'Term 1' THEN 1 WHEN 'Term 2' THEN 5 ELSE 9 END, 1) AS first_day
      ) t
    ) u
    WHERE b.id = u.id AND b.used_amount IS DISTINCT FROM u.used`);
  return changed;
}

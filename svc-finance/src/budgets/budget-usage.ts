import {
  ExpenseCreated,
  ExpenseDeleted,
  ExpenseUpdated,
  parseIsoDate,
  termOfDate,
  type EventEnvelope,
  type ExpenseCategory,
  type IsoDate,
  type Term,
} from '@kcf/contracts';

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
  const payload = parsed.data.payload as {
    category: ExpenseCategory;
    date: IsoDate;
    previousCategory?: ExpenseCategory;
    previousDate?: IsoDate;
  };
  const keys = [budgetKeyOf(payload.category, payload.date)];
  if (payload.previousCategory && payload.previousDate)
    keys.push(budgetKeyOf(payload.previousCategory, payload.previousDate));
  return keys.filter(
    (key, i) =>
      keys.findIndex((k) => k.category === key.category && k.quarter === key.quarter && k.year === key.year) === i,
  );
}

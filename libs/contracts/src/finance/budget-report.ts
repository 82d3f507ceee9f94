import { fromCents, toCents, type Money } from '../common/money';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../enums/categories';
import { TERMS, type Term } from '../enums/terms';
import type { BudgetTotals } from './budget';

type Amounts = { plannedAmount: Money; usedAmount: Money };

/** Planned, used and remaining summed to the cent (integer cents, never floats). */
export function budgetReportTotals(budgets: readonly Amounts[]): BudgetTotals {
  let planned = 0n;
  let used = 0n;
  for (const budget of budgets) {
    planned += toCents(budget.plannedAmount);
    used += toCents(budget.usedAmount);
  }
  return { planned: fromCents(planned), used: fromCents(used), remaining: fromCents(planned - used) };
}

type Ordered = { quarter: Term; category: ExpenseCategory };

/** Report order: by term (Term 1 first), then by category in the form's order. */
export function compareBudgetsForReport(a: Ordered, b: Ordered): number {
  return (
    TERMS.indexOf(a.quarter) - TERMS.indexOf(b.quarter) ||
    EXPENSE_CATEGORIES.indexOf(a.category) - EXPENSE_CATEGORIES.indexOf(b.category)
  );
}

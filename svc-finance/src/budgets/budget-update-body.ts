import { BudgetInlineEditBody, budgetBodySchema, type BudgetBody } from '@kcf/contracts';
import { validate } from '@kcf/server-kit';

export type BudgetUpdate = { kind: 'full'; body: BudgetBody } | { kind: 'inline'; body: BudgetInlineEditBody };

const FORM_ONLY_FIELDS = ['quarter', 'year', 'category'];

/**
 * PUT /api/budgets/{id} serves two screens: the budget form (every field) and the details dialog's inline edit
 * (plannedAmount and notes only). A body naming a term, year or category is the form's.
 */
export function readBudgetUpdate(raw: unknown, now: () => Date): BudgetUpdate {
  const fields = raw && typeof raw === 'object' ? Object.keys(raw) : [];
  if (fields.some((field) => FORM_ONLY_FIELDS.includes(field)))
    return { kind: 'full', body: validate(budgetBodySchema(now), raw) };
  return { kind: 'inline', body: validate(BudgetInlineEditBody, raw) };
}

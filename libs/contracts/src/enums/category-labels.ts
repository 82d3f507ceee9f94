// Expense and budget categories and their labels, without zod (categories.ts adds the schemas).

/** Expense and budget categories: the same five. */
export const EXPENSE_CATEGORIES = ['school_fees', 'health', 'admin', 'special_needs', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const BUDGET_CATEGORIES = EXPENSE_CATEGORIES;
export type BudgetCategory = ExpenseCategory;

/** The label shown for each expense and budget category. */
export const CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  school_fees: 'School Fees',
  health: 'Health',
  admin: 'Administrative',
  special_needs: 'Special Needs',
  other: 'Other Activities',
};

export function categoryLabel(value: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[value] ?? value;
}

import type { BudgetItem } from '@kcf/contracts';

/** A budget item for the specs: Term 1 2025, school fees, nothing planned or used unless told. */
export function budgetItem(extra: Partial<BudgetItem> = {}): BudgetItem {
  const stamp = '2025-01-01T00:00:00.000Z';
  return {
    id: Math.random().toString(36).slice(2),
    quarter: 'Term 1',
    year: 2025,
    category: 'school_fees',
    plannedAmount: '0.00',
    usedAmount: '0.00',
    notes: null,
    createdBy: null,
    createdAt: stamp,
    updatedAt: stamp,
    ...extra,
  };
}

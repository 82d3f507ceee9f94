import { Injectable } from '@nestjs/common';
import { categoryLabel, termDateRange } from '@kcf/contracts';
import { AuditTrail } from '@kcf/server-kit';
import type { BudgetKey } from './budget-usage';
import { BudgetUsageRepository, type RecomputedUsage } from './budget-usage.repository';

/**
 * The budgets' used amounts: recomputed from the expenses, never added to or subtracted from, each time after the
 * usage lock, so a slower recompute never overwrites a newer one.
 */
@Injectable()
export class BudgetUsageService {
  constructor(
    private readonly usage: BudgetUsageRepository,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * The used amounts of the budgets named by `keys` (an expense event's budgets). The product's own work after a
   * change already in the trail (the expense's entry): no entry of its own.
   */
  async recompute(keys: readonly BudgetKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.usage.lock();
    for (const key of keys) {
      const { from, to } = termDateRange(key.quarter, key.year);
      await this.usage.recompute(key, from, to);
    }
  }

  /** Every used amount, in one statement (also at start in the one-process mode, without an entry). How many budgets changed. */
  async recalculateAll(): Promise<{ updated: number }> {
    await this.usage.lock();
    return { updated: (await this.usage.recomputeAll()).length };
  }

  /**
   * "Sync with Expenses", asked for by a user: every used amount, and one audit entry (an update of `budget`)
   * naming each budget whose used amount changed with its old and new amount.
   */
  async syncWithExpenses(): Promise<{ updated: number }> {
    await this.usage.lock();
    const changed = await this.usage.recomputeAll();
    this.audit.changed(
      'update',
      changed.map((budget) => ({ field: usedAmountField(budget), from: budget.from, to: budget.to })),
      {
        entityType: 'budget',
        entityId: null,
        details: {
          recalculated: 'Used amounts from actual expenses',
          updated: changed.length,
          budgetIds: changed.map((budget) => budget.id),
        },
      },
    );
    return { updated: changed.length };
  }
}

/** e.g. "Used amount of School Fees, Term 1 2026". */
export function usedAmountField(budget: RecomputedUsage): string {
  return `Used amount of ${categoryLabel(budget.category)}, ${budget.quarter} ${budget.year}`;
}

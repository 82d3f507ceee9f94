import { Injectable } from '@nestjs/common';
import { termDateRange } from '@kcf/contracts';
import type { BudgetKey } from './budget-usage';
import { BudgetUsageRepository } from './budget-usage.repository';

/**
 * The budgets' used amounts: recomputed from the expenses, never added to or subtracted from, each time after the
 * usage lock, so a slower recompute never overwrites a newer one.
 */
@Injectable()
export class BudgetUsageService {
  constructor(private readonly usage: BudgetUsageRepository) {}

  /** The used amounts of the budgets named by `keys` (an expense event's budgets). */
  async recompute(keys: readonly BudgetKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.usage.lock();
    for (const key of keys) {
      const { from, to } = termDateRange(key.quarter, key.year);
      await this.usage.recompute(key, from, to);
    }
  }

  /** "Sync with Expenses": every used amount, in one statement. How many budgets changed. */
  async recalculateAll(): Promise<{ updated: number }> {
    await this.usage.lock();
    return { updated: await this.usage.recomputeAll() };
  }
}

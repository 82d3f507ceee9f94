import { Injectable, Logger } from '@nestjs/common';
import type { EventEnvelope } from '@kcf/contracts';
import type { EventConsumer } from '@kcf/server-kit';
import type { EntityManager } from 'typeorm';
import { affectedBudgetKeys, recomputeBudgetUsage } from './budget-usage';

/**
 * `finance.expense.*` -> the used amounts of the budgets the expense was and is in, recomputed from the expenses
 * table. Nothing is added or subtracted, so a redelivered, late or out-of-order event cannot count twice.
 */
@Injectable()
export class BudgetUsageConsumer implements EventConsumer {
  readonly name = 'budget-usage';
  readonly subjects = ['finance.expense.*'];
  private readonly logger = new Logger('BudgetUsage');

  async handle(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
    const keys = affectedBudgetKeys(envelope);
    if (!keys) {
      this.logger.warn(`Ignored an unknown or malformed event ${envelope.subject} ${envelope.id}`);
      return;
    }
    await recomputeBudgetUsage(manager, keys);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import type { EventEnvelope } from '@kcf/contracts';
import type { EventConsumer } from '@kcf/server-kit';
import { affectedBudgetKeys } from './budget-usage';
import { BudgetUsageService } from './budget-usage.service';

/**
 * `finance.expense.*` -> the used amounts of the budgets the expense was and is in, recomputed from the expenses
 * table. Nothing is added or subtracted, so a redelivered, late or out-of-order event cannot count twice.
 */
@Injectable()
export class BudgetUsageConsumer implements EventConsumer {
  readonly name = 'budget-usage';
  readonly subjects = ['finance.expense.*'];
  private readonly logger = new Logger('BudgetUsage');

  constructor(private readonly usage: BudgetUsageService) {}

  /** Runs in the event's own unit of work (server-kit's messaging). */
  async handle(envelope: EventEnvelope): Promise<void> {
    const keys = affectedBudgetKeys(envelope);
    if (!keys) {
      this.logger.warn(`Ignored an unknown or malformed event ${envelope.subject} ${envelope.id}`);
      return;
    }
    await this.usage.recompute(keys);
  }
}

import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { UnitOfWork } from '@kcf/server-kit';
import { FINANCE_CONFIG, type FinanceConfig } from '../config';
import { BudgetUsageService } from './budget-usage.service';

/**
 * The in-process bus of the one-process mode keeps nothing across a restart, so an expense event taken by the bus
 * but not yet handled when the process stopped would be lost. There, every used amount is recomputed at start.
 * With NATS the durable consumer catches up by itself.
 */
@Injectable()
export class BudgetUsageStartup implements OnApplicationBootstrap {
  constructor(
    @Inject(FINANCE_CONFIG) private readonly config: FinanceConfig,
    private readonly usage: BudgetUsageService,
    private readonly uow: UnitOfWork,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.NATS_URL) await this.uow.transaction(() => this.usage.recalculateAll());
  }
}

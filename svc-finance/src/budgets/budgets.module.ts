import { Module } from '@nestjs/common';
import { InternalClient } from '@kcf/server-kit';
import { FINANCE_CONFIG, type FinanceConfig } from '../config';
import { BudgetReportsService } from './budget-reports.service';
import { BudgetUsageConsumer } from './budget-usage.consumer';
import { BudgetUsageRepository } from './budget-usage.repository';
import { BudgetUsageService } from './budget-usage.service';
import { BudgetUsageStartup } from './budget-usage.startup';
import { BudgetsController } from './budgets.controller';
import { BudgetsRepository } from './budgets.repository';
import { BudgetsService } from './budgets.service';
import { IdentityUserNames, USER_NAMES } from './user-names';

/** Budgets, their used amounts (the `budget-usage` consumer, Sync with Expenses, the start-up recompute) and reports. */
@Module({
  controllers: [BudgetsController],
  providers: [
    BudgetsRepository,
    BudgetUsageRepository,
    BudgetUsageService,
    BudgetsService,
    {
      provide: USER_NAMES,
      useFactory: (config: FinanceConfig) =>
        new IdentityUserNames(new InternalClient(config.IDENTITY_URL, config.INTERNAL_SECRET, 'finance')),
      inject: [FINANCE_CONFIG],
    },
    BudgetReportsService,
    BudgetUsageStartup,
    BudgetUsageConsumer,
  ],
})
export class BudgetsModule {}

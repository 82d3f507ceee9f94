import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModules, StorageModule, systemClock } from '@kcf/server-kit';
import { AuditNamesModule } from './audit/audit-names.module';
import { BudgetUsageConsumer } from './budgets/budget-usage.consumer';
import { BudgetsModule } from './budgets/budgets.module';
import { FINANCE_DB, type FinanceConfig } from './config';
import { CoreModule, type FinanceDeps } from './core.module';
import { ERASURE_CONSUMERS, ErasureModule } from './erasure';
import { BeneficiaryLinksConsumer } from './expenses/beneficiary-links.consumer';
import { ExpensesModule } from './expenses/expenses.module';
import { IncomeModule } from './income/income.module';
import { FINANCE_MIGRATIONS } from './migrations';
import { ReportsModule } from './reports/reports.module';
import { StatsModule } from './stats/stats.module';
import { TransactionsModule } from './transactions/transactions.module';

export { FINANCE_MIGRATIONS } from './migrations';
export type { FinanceDeps } from './core.module';

/** The event consumers, provided by their feature's module; server-kit's messaging module subscribes them. */
const CONSUMERS = [BudgetUsageConsumer, BeneficiaryLinksConsumer, ...ERASURE_CONSUMERS];

/** svc-finance: what every service imports, then one module per feature, each owning its providers and routes. */
@Module({})
export class FinanceModule {
  static forRoot(config: FinanceConfig, deps: FinanceDeps = {}): DynamicModule {
    return {
      module: FinanceModule,
      imports: [
        CoreModule.forRoot(config, deps),
        ...serviceModules({
          name: FINANCE_DB,
          domain: 'finance',
          clock: deps.clock ?? systemClock,
          config,
          migrations: FINANCE_MIGRATIONS,
          consumers: CONSUMERS,
          inProcessBus: deps.inProcessBus,
        }),
        StorageModule.forRoot('finance', config),
        AuditNamesModule,
        IncomeModule,
        ExpensesModule,
        TransactionsModule,
        BudgetsModule,
        StatsModule,
        ReportsModule,
        ErasureModule,
      ],
    };
  }
}

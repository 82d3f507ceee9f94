import { Module, type DynamicModule } from '@nestjs/common';
import {
  CLOCK,
  InternalClient,
  serviceModules,
  StorageModule,
  systemClock,
  type Clock,
  type InProcessEventBus,
} from '@kcf/server-kit';
import { FINANCE_CONFIG, FINANCE_DB, type FinanceConfig } from './config';
import { BudgetReportsService } from './budgets/budget-reports.service';
import { BudgetUsageConsumer } from './budgets/budget-usage.consumer';
import { BudgetUsageStartup } from './budgets/budget-usage.startup';
import { BudgetsController } from './budgets/budgets.controller';
import { BudgetsService } from './budgets/budgets.service';
import { IdentityUserNames, USER_NAMES } from './budgets/user-names';
import { BENEFICIARY_DIRECTORY, HttpBeneficiaryDirectory } from './expenses/beneficiary-directory';
import { BeneficiaryLinksConsumer } from './expenses/beneficiary-links.consumer';
import { ERASURE_CONSUMERS, ERASURE_JOBS, ERASURE_REPOSITORIES } from './erasure';
import { ExpensesController } from './expenses/expenses.controller';
import { ExpensesService } from './expenses/expenses.service';
import { ReceiptStore } from './expenses/receipt-store';
import { IncomeController } from './income/income.controller';
import { IncomeService } from './income/income.service';
import { FinanceInit1795400000000 } from './migrations/1795400000000-finance-init';
import { CleanReceiptNames1797100000000 } from './migrations/1797100000000-clean-receipt-names';
import { TransactionListIndexes1798000000000 } from './migrations/1798000000000-transaction-list-indexes';
import { TransactionListVersion1798100000000 } from './migrations/1798100000000-transaction-list-version';
import { TransactionSearchText1798200000000 } from './migrations/1798200000000-transaction-search-text';
import { ErasedReceipts1798310000000 } from './migrations/1798310000000-erased-receipts';
import { ChildExpensesController } from './expenses/child-expenses.controller';
import { FinanceStatsService } from './stats/finance-stats.service';
import { InternalStatsController } from './stats/internal-stats.controller';
import { BudgetUsageRepository } from './budgets/budget-usage.repository';
import { BudgetUsageService } from './budgets/budget-usage.service';
import { BudgetsRepository } from './budgets/budgets.repository';
import { TotalsRepository } from './common/totals.repository';
import { BeneficiaryLinks } from './expenses/beneficiary-links';
import { BeneficiaryLinksRepository } from './expenses/beneficiary-links.repository';
import { ExpensesRepository } from './expenses/expenses.repository';
import { IncomeRepository } from './income/income.repository';
import { TransactionsController } from './transactions/transactions.controller';
import { TransactionsRepository } from './transactions/transactions.repository';
import { TransactionsService } from './transactions/transactions.service';

export const FINANCE_MIGRATIONS = [
  FinanceInit1795400000000,
  CleanReceiptNames1797100000000,
  TransactionListIndexes1798000000000,
  TransactionListVersion1798100000000,
  TransactionSearchText1798200000000,
  ErasedReceipts1798310000000,
];

const CONSUMERS = [BudgetUsageConsumer, BeneficiaryLinksConsumer, ...ERASURE_CONSUMERS];
/** Every statement of the service is in one of these. */
const REPOSITORIES = [IncomeRepository, ExpensesRepository, BeneficiaryLinksRepository, BudgetsRepository, BudgetUsageRepository, TotalsRepository, TransactionsRepository, ...ERASURE_REPOSITORIES];

export interface FinanceDeps {
  clock?: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
}

@Module({})
export class FinanceModule {
  static forRoot(config: FinanceConfig, deps: FinanceDeps = {}): DynamicModule {
    return {
      module: FinanceModule,
      imports: [
        ...serviceModules({ name: FINANCE_DB, domain: 'finance', clock: deps.clock ?? systemClock, config, migrations: FINANCE_MIGRATIONS, consumers: CONSUMERS, inProcessBus: deps.inProcessBus }),
        StorageModule.forRoot('finance', config),
      ],
      controllers: [IncomeController, ExpensesController, TransactionsController, BudgetsController, InternalStatsController, ChildExpensesController],
      providers: [
        { provide: FINANCE_CONFIG, useValue: config },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
        ...REPOSITORIES,
        BudgetUsageService,
        BeneficiaryLinks,
        {
          provide: BENEFICIARY_DIRECTORY,
          useFactory: () => new HttpBeneficiaryDirectory(new InternalClient(config.BENEFICIARIES_URL, config.INTERNAL_SECRET, 'finance')),
        },
        { provide: USER_NAMES, useFactory: () => new IdentityUserNames(new InternalClient(config.IDENTITY_URL, config.INTERNAL_SECRET, 'finance')) },
        IncomeService,
        ExpensesService,
        TransactionsService,
        ReceiptStore,
        BudgetsService,
        BudgetReportsService,
        BudgetUsageStartup,
        FinanceStatsService,
        ...ERASURE_JOBS,
        ...CONSUMERS,
      ],
    };
  }
}

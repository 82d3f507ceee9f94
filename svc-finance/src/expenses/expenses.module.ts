import { Module } from '@nestjs/common';
import { InternalClient } from '@kcf/server-kit';
import { TotalsModule } from '../common/totals.module';
import { FINANCE_CONFIG, type FinanceConfig } from '../config';
import { BENEFICIARY_DIRECTORY, HttpBeneficiaryDirectory } from './beneficiary-directory';
import { BeneficiaryLinks } from './beneficiary-links';
import { BeneficiaryLinksConsumer } from './beneficiary-links.consumer';
import { BeneficiaryLinksRepository } from './beneficiary-links.repository';
import { ChildExpensesController } from './child-expenses.controller';
import { ExpensesController } from './expenses.controller';
import { ExpensesRepository } from './expenses.repository';
import { ExpensesService } from './expenses.service';
import { ReceiptStore } from './receipt-store';

/** Expenses with their receipts, the child an expense names (asked of svc-beneficiaries), a child's expenses for its export. */
@Module({
  imports: [TotalsModule],
  controllers: [ExpensesController, ChildExpensesController],
  providers: [
    ExpensesRepository,
    BeneficiaryLinksRepository,
    BeneficiaryLinks,
    BeneficiaryLinksConsumer,
    {
      provide: BENEFICIARY_DIRECTORY,
      useFactory: (config: FinanceConfig) =>
        new HttpBeneficiaryDirectory(new InternalClient(config.BENEFICIARIES_URL, config.INTERNAL_SECRET, 'finance')),
      inject: [FINANCE_CONFIG],
    },
    ReceiptStore,
    ExpensesService,
  ],
  exports: [BeneficiaryLinksRepository],
})
export class ExpensesModule {}

import { Module } from '@nestjs/common';
import { ErasureTraces, ErasureVacuum } from '@kcf/server-kit';
import { ExpensesModule } from '../expenses/expenses.module';
import { ErasedReceiptsJob } from './erased-receipts.job';
import { FinanceErasureConsumer } from './finance-erasure.consumer';
import { FinanceErasureRepository } from './finance-erasure.repository';

/** A child's erasure, finance's part: the consumer and the job that removes the child's receipts. */
@Module({
  imports: [ExpensesModule],
  providers: [FinanceErasureRepository, ErasureTraces, ErasureVacuum, ErasedReceiptsJob, FinanceErasureConsumer],
})
export class ErasureModule {}

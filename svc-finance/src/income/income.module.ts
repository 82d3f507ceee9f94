import { Module } from '@nestjs/common';
import { TotalsModule } from '../common/totals.module';
import { IncomeController } from './income.controller';
import { IncomeRepository } from './income.repository';
import { IncomeService } from './income.service';

/** Income: its list, create, edit and delete (refused when the balance would go negative). */
@Module({
  imports: [TotalsModule],
  controllers: [IncomeController],
  providers: [IncomeRepository, IncomeService],
})
export class IncomeModule {}

import { Module } from '@nestjs/common';
import { TotalsModule } from '../common/totals.module';
import { FinanceStatsService } from './finance-stats.service';
import { InternalStatsController } from './internal-stats.controller';

/** The dashboard's figures (`GET /internal/stats`). */
@Module({
  imports: [TotalsModule],
  controllers: [InternalStatsController],
  providers: [FinanceStatsService],
})
export class StatsModule {}

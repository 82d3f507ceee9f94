import { Controller } from '@nestjs/common';
import { INTERNAL, type FinanceStats } from '@kcf/contracts';
import { Access, InternalRoute } from '@kcf/server-kit';
import { FinanceStatsService } from './finance-stats.service';

/** This service's internal API (routes from the contracts' INTERNAL table). */
@Controller()
export class InternalStatsController {
  constructor(private readonly stats: FinanceStatsService) {}

  /** The money figures the gateway composes into /api/dashboard/stats. */
  @InternalRoute(INTERNAL.financeStats)
  @Access('internal')
  financeStats(): Promise<FinanceStats> {
    return this.stats.figures();
  }
}

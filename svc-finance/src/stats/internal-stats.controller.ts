import { Controller, Get } from '@nestjs/common';
import { Access } from '@kcf/server-kit';

/**
 * The money figures the gateway composes into /api/dashboard/stats.
 * Zero until the finance domain (its own issue) adds income and expenses.
 */
@Controller('internal/stats')
export class InternalStatsController {
  @Get()
  @Access('internal')
  stats() {
    return { totalDonations: '0.00', totalExpenses: '0.00', netBalance: '0.00' };
  }
}

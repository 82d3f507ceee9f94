import { Controller, Get } from '@nestjs/common';
import { Access } from '@kcf/server-kit';

/**
 * The beneficiary figures the gateway composes into /api/dashboard/stats.
 * Zero until the beneficiaries domain (its own issue) adds the children's table.
 */
@Controller('internal/stats')
export class InternalStatsController {
  @Get()
  @Access('internal')
  stats() {
    return { totalBeneficiaries: 0, activeInSchool: 0, specialNeeds: 0 };
  }
}

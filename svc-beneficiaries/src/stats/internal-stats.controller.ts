import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BeneficiaryStats } from '@kcf/contracts';
import { Access } from '@kcf/server-kit';
import type { DataSource } from 'typeorm';
import { BENEFICIARIES_DB } from '../config';
import { queryOne } from '../db/query-rows';

/**
 * The beneficiary figures the gateway composes into /api/dashboard/stats. `specialNeeds` counts children
 * with special needs (the specialNeeds text filled in, or at least one special-need record), the same
 * rule as the list's specialNeeds=yes filter and the export's 'Has Special Needs' column.
 */
@Controller('internal/stats')
export class InternalStatsController {
  constructor(@InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource) {}

  @Get()
  @Access('internal')
  async stats(): Promise<BeneficiaryStats> {
    const row = await queryOne<BeneficiaryStats>(
      this.db,
      `SELECT count(*)::int AS "totalBeneficiaries",
              count(*) FILTER (WHERE is_active)::int AS "activeInSchool",
              count(*) FILTER (WHERE has_special_needs)::int AS "specialNeeds"
       FROM beneficiaries`,
    );
    return row ?? { totalBeneficiaries: 0, activeInSchool: 0, specialNeeds: 0 };
  }
}

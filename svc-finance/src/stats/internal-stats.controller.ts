import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FinanceStats } from '@kcf/contracts';
import { Access } from '@kcf/server-kit';
import { FINANCE_DB } from '../config';
import { readTotals } from '../common/ledger';

/** The money figures the gateway composes into /api/dashboard/stats: one row, kept in step with every change. */
@Controller('internal/stats')
export class InternalStatsController {
  constructor(@InjectDataSource(FINANCE_DB) private readonly db: DataSource) {}

  @Get()
  @Access('internal')
  stats(): Promise<FinanceStats> {
    return readTotals(this.db.manager);
  }
}

import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { DashboardStats } from '@kcf/contracts';
import { Access } from '@kcf/server-kit';
import { STATS_SOURCES } from '../tokens';
import type { StatsSources } from './stats-sources';

@Controller('api/dashboard')
export class DashboardController {
  constructor(@Inject(STATS_SOURCES) private readonly sources: StatsSources) {}

  /** The four stat cards and the balance: both domains asked at once. */
  @Get('stats')
  @Access('read')
  @Header('Cache-Control', 'no-store')
  async stats(): Promise<DashboardStats> {
    const [beneficiaries, finance] = await Promise.all([this.sources.beneficiaries(), this.sources.finance()]);
    return { ...beneficiaries, ...finance };
  }
}

import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { DashboardStats } from '@kcf/contracts';
import { Access, CurrentUser, type UserContext } from '@kcf/server-kit/http';
import { DASHBOARD_COMPOSER } from '../tokens';
import type { DashboardComposer } from './dashboard-composer';
import { sendJsonAnswer } from './json-answer';

/** Staff only, as the dashboard page is: a beneficiary user starts at its child's profile and has no dashboard. */
@Controller('api/dashboard')
export class DashboardController {
  constructor(@Inject(DASHBOARD_COMPOSER) private readonly dashboard: DashboardComposer) {}

  /** The whole dashboard page in one answer: stats, this term's budgets, the newest beneficiaries (null when unreadable). */
  @Get()
  @Access('read')
  async page(@CurrentUser() user: UserContext, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendJsonAnswer(req, res, await this.dashboard.compose(user));
  }

  /** The four stat cards and the balance: both domains asked at once (the expense form reads the balance here). */
  @Get('stats')
  @Access('read')
  @Header('Cache-Control', 'no-store')
  stats(): Promise<DashboardStats> {
    return this.dashboard.stats();
  }
}

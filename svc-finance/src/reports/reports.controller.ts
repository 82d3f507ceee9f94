import { Controller, Get, Query } from '@nestjs/common';
import { MonthlyReportQuery } from '@kcf/contracts';
import { Access, ZodValidationPipe } from '@kcf/server-kit';
import { MonthlyReportService } from './monthly-report.service';

/** The reports that are not one domain's list: each answers its model as JSON, and the browser writes the file. */
@Controller('api/reports')
export class ReportsController {
  constructor(private readonly monthly: MonthlyReportService) {}

  /** The Monthly Report of `month` (YYYY-MM; this month when not given). */
  @Get('monthly')
  @Access('read')
  monthlyReport(@Query(new ZodValidationPipe(MonthlyReportQuery)) query: MonthlyReportQuery) {
    return this.monthly.report(query);
  }
}

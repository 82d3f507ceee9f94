import { Module } from '@nestjs/common';
import { MonthlyReportRepository } from './monthly-report.repository';
import { MonthlyReportService } from './monthly-report.service';
import { ReportsController } from './reports.controller';

/** The reports that are not one domain's list (the Monthly Report). */
@Module({
  controllers: [ReportsController],
  providers: [MonthlyReportRepository, MonthlyReportService],
})
export class ReportsModule {}

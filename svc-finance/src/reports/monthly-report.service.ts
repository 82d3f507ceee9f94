import { Inject, Injectable } from '@nestjs/common';
import { monthlyReportTotals, type MonthlyReport, type MonthlyReportQuery } from '@kcf/contracts';
import { AuditTrail, CLOCK, type Clock } from '@kcf/server-kit';
import { MonthlyReportRepository } from './monthly-report.repository';

/**
 * GET /api/reports/monthly: the month's report as JSON; the browser writes the file. Each one is an export entry in
 * the audit trail (`monthly-report`, the month as its id, how many income and expense records it took), written
 * before the answer is sent, as the budget report's download is.
 */
@Injectable()
export class MonthlyReportService {
  constructor(
    private readonly repository: MonthlyReportRepository,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async report({ month }: MonthlyReportQuery): Promise<MonthlyReport> {
    const { bySource, byCategory } = await this.repository.groups(month);
    const totals = monthlyReportTotals(bySource, byCategory);
    const report: MonthlyReport = {
      month,
      generatedAt: this.clock.now().toISOString(),
      income: { ...totals.income, bySource },
      expenses: { ...totals.expenses, byCategory },
      net: totals.net,
    };
    await this.audit.exported({
      entityType: 'monthly-report',
      entityId: month,
      details: { month, income: totals.income.count, expenses: totals.expenses.count },
    });
    return report;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import {
  budgetReportTotals,
  compareBudgetsForReport,
  type BudgetDownloadQuery,
  type BudgetReport,
} from '@kcf/contracts';
import { AuditTrail, CLOCK, type Clock, type UserContext } from '@kcf/server-kit';
import { BudgetsService } from './budgets.service';
import { USER_NAMES, type UserNames } from './user-names';

/**
 * GET /api/budgets/download: the report as JSON; the browser makes the PDF or CSV. Each download is an export
 * entry in the audit trail (`budget-report`: its type, year, term and number of budgets), committed before the
 * answer is sent.
 */
@Injectable()
export class BudgetReportsService {
  constructor(
    private readonly budgets: BudgetsService,
    @Inject(USER_NAMES) private readonly names: UserNames,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async report(query: BudgetDownloadQuery, user: UserContext): Promise<BudgetReport> {
    const [items, generatedBy] = await Promise.all([
      this.budgets.list(query.type === 'termly' ? { year: query.year, quarter: query.quarter } : { year: query.year }),
      this.names.nameOf(user),
    ]);
    const budgets = items.sort(compareBudgetsForReport);
    const common = {
      year: query.year,
      generatedAt: this.clock.now().toISOString(),
      generatedBy,
      totals: budgetReportTotals(budgets),
      budgets,
    };
    const report: BudgetReport =
      query.type === 'termly'
        ? { type: 'termly', quarter: query.quarter, ...common }
        : { type: 'yearly', quarter: null, ...common };
    await this.audit.exported({
      entityType: 'budget-report',
      entityId: null,
      details: { type: report.type, year: report.year, quarter: report.quarter, rows: budgets.length },
    });
    return report;
  }
}

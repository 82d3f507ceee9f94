import { Logger } from '@nestjs/common';
import {
  calendarDateAt,
  DASHBOARD_RECENT_COUNT,
  termOfMonth,
  type Dashboard,
  type DashboardPart,
  type DashboardStats,
} from '@kcf/contracts';
import type { UserContext } from '@kcf/server-kit/http';
import type { DashboardSources } from './dashboard-sources';

/**
 * Composes the dashboard: the stats (both domains' internal numbers), the budget items of the current term,
 * the newest beneficiaries and the consent overview, all asked at once. GET /api/dashboard/stats is the stats part alone.
 */
export class DashboardComposer {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly sources: DashboardSources,
    /** The foundation's clock decides the current term (tests set it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The four stat cards and the balance; rejects (502 'The <service> service is unavailable') when either service fails. */
  async stats(): Promise<DashboardStats> {
    const [beneficiaries, finance] = await Promise.all([this.sources.beneficiaryStats(), this.sources.financeStats()]);
    return { ...beneficiaries, ...finance };
  }

  /** Everything the dashboard shows; a part that could not be read is null and named in `errors`. */
  async compose(user: UserContext): Promise<Dashboard> {
    const { year, month } = calendarDateAt(this.now());
    const [stats, budgets, recentBeneficiaries, consents] = await Promise.allSettled([
      this.stats(),
      this.sources.termBudgets(user, { year, quarter: termOfMonth(month) }),
      this.sources.newestBeneficiaries(user, DASHBOARD_RECENT_COUNT),
      this.sources.consentOverview(),
    ]);
    const errors: Dashboard['errors'] = {};
    const part = <T>(name: DashboardPart, result: PromiseSettledResult<T>): T | null => {
      if (result.status === 'fulfilled') return result.value;
      const message =
        result.reason instanceof Error && result.reason.message
          ? result.reason.message
          : 'A service this request needs is unavailable';
      this.logger.warn(`${name} could not be read: ${message}`);
      errors[name] = message;
      return null;
    };
    return {
      stats: part('stats', stats),
      budgets: part('budgets', budgets),
      recentBeneficiaries: part('recentBeneficiaries', recentBeneficiaries)?.slice(0, DASHBOARD_RECENT_COUNT) ?? null,
      consents: part('consents', consents),
      errors,
    };
  }
}

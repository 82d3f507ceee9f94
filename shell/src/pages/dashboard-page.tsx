import { ErrorCard, PageHeader } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { ConsentOverviewCard } from '../dashboard/consent-overview-card';
import { slice, useDashboard } from '../dashboard/dashboard-data';
import { FinancialOverview } from '../dashboard/financial-overview';
import { RecentBeneficiaries } from '../dashboard/recent-beneficiaries';
import { StatCards } from '../dashboard/stat-cards';
import { displayName } from '../layout/navigation';

/**
 * / when signed in: stat cards, recent beneficiaries, financial overview, all from one read of
 * GET /api/dashboard. A part the gateway could not read shows its card's error; the others show as usual.
 */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const dashboard = useDashboard();
  const stats = slice(dashboard, 'stats');
  return (
    <div className="kcf-stack shell-dashboard">
      <PageHeader title="Dashboard" subtitle={user ? `Welcome back, ${displayName(user)}.` : undefined} />
      {stats.error ? (
        <ErrorCard title="Figures could not be loaded" message={stats.error.message} onRetry={stats.retry} />
      ) : (
        <StatCards stats={stats.data} />
      )}
      <div className="kcf-grid kcf-grid--2">
        <RecentBeneficiaries recent={slice(dashboard, 'recentBeneficiaries')} />
        <FinancialOverview stats={stats.data} budgets={slice(dashboard, 'budgets')} />
      </div>
      <ConsentOverviewCard consents={slice(dashboard, 'consents')} />
    </div>
  );
}

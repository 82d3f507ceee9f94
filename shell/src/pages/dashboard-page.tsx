import { ErrorCard } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { useDashboardStats } from '../dashboard/dashboard-data';
import { FinancialOverview } from '../dashboard/financial-overview';
import { RecentBeneficiaries } from '../dashboard/recent-beneficiaries';
import { StatCards } from '../dashboard/stat-cards';
import { displayName } from '../layout/navigation';
import { PageHeader } from './page-header';

/** / when signed in (spec §2 Dashboard): stat cards, recent beneficiaries, financial overview. */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const stats = useDashboardStats();
  return (
    <div className="kcf-stack shell-dashboard">
      <PageHeader title="Dashboard" subtitle={user ? `Welcome back, ${displayName(user)}.` : undefined} />
      {stats.error ? (
        <ErrorCard title="Figures could not be loaded" message={stats.error.message} onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards stats={stats.data} />
      )}
      <div className="kcf-grid kcf-grid--2">
        <RecentBeneficiaries />
        <FinancialOverview stats={stats.data} />
      </div>
    </div>
  );
}

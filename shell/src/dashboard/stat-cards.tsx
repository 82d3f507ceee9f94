import type { DashboardStats } from '@kcf/contracts';
import { Card, CardContent, Skeleton } from '@kcf/ui';
import { formatMoney } from '@kcf/web-kit';

interface StatCardProps {
  label: string;
  value?: string;
  accent: string;
}

function StatCard({ label, value, accent }: StatCardProps) {
  return (
    <Card style={{ borderTop: `3px solid ${accent}` }}>
      <CardContent style={{ padding: '16px 20px' }}>
        <p className="kcf-muted kcf-small" style={{ margin: '0 0 6px', fontWeight: 600 }}>
          {label}
        </p>
        <div style={{ height: 30, display: 'flex', alignItems: 'center' }}>
          {value === undefined ? (
            <Skeleton width={96} height={24} />
          ) : (
            <span className="kcf-stat" data-testid={`stat-${label}`}>
              {value}
            </span>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The four stat cards (spec §2 Dashboard); the donations card names its currency in the label. */
export function StatCards({ stats }: { stats?: DashboardStats }) {
  return (
    <div className="kcf-grid kcf-grid--4">
      <StatCard label="Total Beneficiaries" value={stats && String(stats.totalBeneficiaries)} accent="#0f766e" />
      <StatCard label="Active in School" value={stats && String(stats.activeInSchool)} accent="#2563eb" />
      <StatCard label="Special Needs Records" value={stats && String(stats.specialNeeds)} accent="#7e22ce" />
      <StatCard label="Total Donations in KSH" value={stats && formatMoney(stats.totalDonations, 'KSH').replace('KSH ', '')} accent="#15803d" />
    </div>
  );
}

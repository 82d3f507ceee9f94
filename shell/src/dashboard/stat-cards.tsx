import type { DashboardStats } from '@kcf/contracts';
import { Card, CardContent, Skeleton } from '@kcf/ui';
import { formatMoney } from '@kcf/web-kit';

interface StatCardProps {
  label: string;
  value?: string;
  /** The colour of its top edge (the product's teal when absent). */
  accent?: 'school' | 'needs' | 'donations';
}

function StatCard({ label, value, accent }: StatCardProps) {
  return (
    <Card className={accent ? `shell-stat shell-stat--${accent}` : 'shell-stat'}>
      <CardContent>
        <p className="kcf-muted kcf-small shell-stat__label">{label}</p>
        <div className="shell-stat__value">
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

/** The four stat cards of the dashboard; the donations card names its currency in the label. */
export function StatCards({ stats }: { stats?: DashboardStats }) {
  return (
    <div className="kcf-grid kcf-grid--4">
      <StatCard label="Total Beneficiaries" value={stats && String(stats.totalBeneficiaries)} />
      <StatCard label="Active in School" value={stats && String(stats.activeInSchool)} accent="school" />
      <StatCard label="Special Needs Records" value={stats && String(stats.specialNeeds)} accent="needs" />
      <StatCard
        label="Total Donations in KSH"
        value={stats && formatMoney(stats.totalDonations, 'KSH').replace('KSH ', '')}
        accent="donations"
      />
    </div>
  );
}

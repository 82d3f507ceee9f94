import type { DashboardStats } from '@kcf/contracts';
import { Card, CardContent, Skeleton } from '@kcf/ui';
import { formatMoney } from '@kcf/web-kit';
import * as styles from './finances.module.css';

function SummaryCard({ label, value, tone }: { label: string; value?: string; tone?: 'positive' | 'negative' }) {
  return (
    <Card>
      <CardContent className={`kcf-stack ${styles.summary}`}>
        <p className={`kcf-muted kcf-small ${styles.summaryLabel}`}>{label}</p>
        {value === undefined ? (
          <Skeleton width={160} height={30} />
        ) : (
          <p
            className={`kcf-stat${tone ? ` kcf-${tone}` : ''} ${styles.summaryValue}`}
            data-testid={`summary-${label}`}
          >
            {formatMoney(value, 'KSH')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** Total Income, Total Expenses and Net Balance, from the server's exact sums. */
export function SummaryCards({ stats }: { stats?: DashboardStats }) {
  const net = stats?.netBalance;
  return (
    <div className="kcf-grid kcf-grid--3">
      <SummaryCard label="Total Income" value={stats?.totalDonations} tone="positive" />
      <SummaryCard label="Total Expenses" value={stats?.totalExpenses} tone="negative" />
      <SummaryCard
        label="Net Balance"
        value={net}
        tone={net === undefined ? undefined : net.startsWith('-') ? 'negative' : 'positive'}
      />
    </div>
  );
}

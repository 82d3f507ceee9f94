import type { ReactNode } from 'react';
import type { DashboardStats } from '@kcf/contracts';
import { Card, CardContent, CardHeader, CardTitle, ErrorCard, ProgressBar, Skeleton } from '@kcf/ui';
import { formatMoney, now } from '@kcf/web-kit';
import type { DashboardBudget, DashboardSlice } from './dashboard-data';
import {
  TERM_MONTHS,
  foundationDay,
  quarterOf,
  sumAmounts,
  termOf,
  titleCaseCategory,
  usageTone,
  usedPercent,
} from './dashboard-rules';

function Line({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'shell-line shell-line--strong' : 'shell-line'}>
      <span className={strong ? 'shell-line__label' : 'shell-line__label kcf-muted'}>{label}</span>
      <span className="shell-line__value">{children}</span>
    </div>
  );
}

const money = (value: string | undefined, width = 120) =>
  value === undefined ? <Skeleton width={width} height={16} /> : formatMoney(value, 'KSH');

/** Budget of this quarter (the budgets of the term it is now) by category. */
function QuarterBudget({ budgets, now }: { budgets?: DashboardBudget[]; now: Date }) {
  const { year, month } = foundationDay(now);
  const term = termOf(month);
  const items = budgets?.filter((b) => b.year === year && b.quarter === term);
  const planned = items && sumAmounts(items.map((b) => b.plannedAmount));
  const used = items && sumAmounts(items.map((b) => b.usedAmount));
  const percent = planned && used ? usedPercent(used, planned) : 0;
  const label = `${quarterOf(month)} ${year}`;
  return (
    <div className="kcf-stack shell-quarter">
      <Line label={`${label} Budget`} strong>
        {money(planned)}
      </Line>
      <p className="kcf-small kcf-muted shell-quarter__terms">
        Budgets of {term} ({TERM_MONTHS[term]})
      </p>
      <Line label="Used This Quarter">{money(used)}</Line>
      <ProgressBar
        value={percent}
        tone={planned && used ? usageTone(used, planned) : 'green'}
        label={`${label} budget used`}
      />
      <p className="kcf-small kcf-muted shell-quarter__used">
        {items && items.length > 0 ? `${percent.toFixed(1)}% of the quarter's budget used` : ''}
      </p>
      {items && items.length === 0 ? (
        <p className="kcf-muted">No budget data available for this quarter.</p>
      ) : (
        <ul className="shell-plain-list" aria-label="Budget by category">
          {(items ?? [null, null, null]).map((b, i) =>
            b ? (
              <li key={b.id} className="kcf-small shell-quarter__item">
                <span>{titleCaseCategory(b.category)}</span>
                <span>
                  {formatMoney(b.usedAmount, 'KSH')} / {formatMoney(b.plannedAmount, 'KSH')}
                </span>
              </li>
            ) : (
              <li key={i} className="shell-quarter__item">
                <Skeleton height={14} />
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

/** Financial Overview: this quarter's budget and use, then donations, expenses and the balance. */
export function FinancialOverview({
  stats,
  budgets,
}: {
  stats?: DashboardStats;
  budgets: DashboardSlice<DashboardBudget[]>;
}) {
  const net = stats?.netBalance;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Financial Overview</CardTitle>
      </CardHeader>
      <CardContent className="kcf-stack">
        {budgets.error ? (
          <ErrorCard title="Budgets could not be loaded" message={budgets.error.message} onRetry={budgets.retry} />
        ) : (
          <QuarterBudget budgets={budgets.data} now={now()} />
        )}
        <div className="kcf-stack shell-totals">
          <Line label="Total Donations">{money(stats?.totalDonations)}</Line>
          <Line label="Total Expenses">{money(stats?.totalExpenses)}</Line>
          <Line label="Net Balance" strong>
            {net === undefined ? (
              money(net)
            ) : (
              <span className={net.startsWith('-') ? 'kcf-negative' : 'kcf-positive'} data-testid="net-balance">
                {formatMoney(net, 'KSH')}
              </span>
            )}
          </Line>
        </div>
      </CardContent>
    </Card>
  );
}

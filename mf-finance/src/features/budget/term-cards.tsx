import { TERMS, TERM_MONTH_LABELS, type Term } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@kcf/ui';
import { DownloadIcon } from '@kcf/ui/icons';
import { formatMoney } from '@kcf/web-kit';
import * as layout from '../../shared/layout.module.css';
import * as styles from './budget.module.css';
import type { UsageSummary } from './budget-summary';
import { UsageBar } from './usage-bar';

interface TermCardsProps {
  summaries?: Record<Term, UsageSummary>;
  onPdf: (term: Term) => void;
  running: string | null;
}

function Amount({ label, value }: { label: string; value?: string }) {
  return (
    <div className={`kcf-row kcf-row--nowrap ${styles.amount}`}>
      <span className="kcf-muted kcf-small">{label}</span>
      {value === undefined ? (
        <Skeleton width={110} height={18} />
      ) : (
        <span className={layout.strong}>{formatMoney(value, 'KES')}</span>
      )}
    </div>
  );
}

/** Term 1 (Jan - Apr), Term 2 (May - Aug), Term 3 (Sep - Dec): planned, used, remaining and a capped bar. */
export function TermCards({ summaries, onPdf, running }: TermCardsProps) {
  return (
    <div className="kcf-grid kcf-grid--3">
      {TERMS.map((term) => {
        const summary = summaries?.[term];
        return (
          <Card key={term} data-testid={`term-card-${term}`} aria-label={`${term} summary`}>
            <CardHeader className={styles.termHeader}>
              <CardTitle level={3} className={styles.termTitle}>
                {term} ({TERM_MONTH_LABELS[term]})
              </CardTitle>
              <Button
                variant="outline"
                size="sm"
                icon={<DownloadIcon />}
                aria-label={`Download ${term} PDF`}
                loading={running === `${term}-pdf`}
                disabled={running !== null}
                onClick={() => onPdf(term)}
              >
                PDF
              </Button>
            </CardHeader>
            <CardContent className={`kcf-stack ${styles.termContent}`}>
              <Amount label="Planned" value={summary?.planned} />
              <Amount label="Used" value={summary?.used} />
              <Amount label="Remaining" value={summary?.remaining} />
              <div className={styles.termBar}>
                {summary ? (
                  <UsageBar used={summary.used} planned={summary.planned} label={`${term} budget used`} />
                ) : (
                  <Skeleton height={8} />
                )}
              </div>
              <p className={`kcf-small kcf-muted ${styles.termUsed}`}>
                {summary ? `${Math.round(summary.percentage)}% used` : ''}
              </p>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

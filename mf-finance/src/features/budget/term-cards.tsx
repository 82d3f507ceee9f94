import { TERMS, TERM_MONTH_LABELS, type Term } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@kcf/ui';
import { formatMoney } from '@kcf/web-kit';
import { DownloadIcon } from '../../shared/icons';
import type { UsageSummary } from './budget-summary';
import { UsageBar } from './usage-bar';

interface TermCardsProps {
  summaries?: Record<Term, UsageSummary>;
  onPdf: (term: Term) => void;
  running: string | null;
}

function Amount({ label, value }: { label: string; value?: string }) {
  return (
    <div className="kcf-row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap' }}>
      <span className="kcf-muted kcf-small">{label}</span>
      {value === undefined ? <Skeleton width={110} height={18} /> : <span style={{ fontWeight: 600 }}>{formatMoney(value, 'KES')}</span>}
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
            <CardHeader style={{ gap: 8 }}>
              <CardTitle level={3} style={{ fontSize: '1rem', whiteSpace: 'nowrap' }}>
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
            <CardContent className="kcf-stack" style={{ gap: 8 }}>
              <Amount label="Planned" value={summary?.planned} />
              <Amount label="Used" value={summary?.used} />
              <Amount label="Remaining" value={summary?.remaining} />
              <div style={{ height: 8, marginTop: 4 }}>
                {summary ? <UsageBar used={summary.used} planned={summary.planned} label={`${term} budget used`} /> : <Skeleton height={8} />}
              </div>
              <p className="kcf-small kcf-muted" style={{ margin: 0, minHeight: 20 }}>
                {summary ? `${Math.round(summary.percentage)}% used` : ''}
              </p>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

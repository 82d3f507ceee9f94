import { TERMS, categoryLabel, type BudgetItem, type Term } from '@kcf/contracts';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  IconButton,
  RowActions,
  SkeletonRows,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
} from '@kcf/ui';
import { DownloadIcon, EyeIcon } from '@kcf/ui/icons';
import { formatMoney } from '@kcf/web-kit';
import * as layout from '../../shared/layout.module.css';
import * as styles from './budget.module.css';
import { roundedPercent, summarise } from './budget-summary';
import { UsageBar } from './usage-bar';

interface BudgetBreakdownProps {
  term: Term;
  onTermChange: (term: Term) => void;
  year: number;
  /** The selected term's items; undefined while loading. */
  items?: BudgetItem[];
  mayEdit: boolean;
  mayDelete: boolean;
  onView: (item: BudgetItem) => void;
  onEdit: (item: BudgetItem) => void;
  onDelete: (item: BudgetItem) => void;
  onAnnual: (format: 'pdf' | 'csv') => void;
  running: string | null;
}

/** Budget Breakdown: term selector, annual downloads and the selected term's categories. */
export function BudgetBreakdown(props: BudgetBreakdownProps) {
  const { term, onTermChange, year, items, mayEdit, mayDelete, onView, onEdit, onDelete, onAnnual, running } = props;
  return (
    <Card>
      <CardHeader className={layout.cardHeader}>
        <CardTitle>Budget Breakdown</CardTitle>
        <div className="kcf-row">
          <Button
            variant="outline"
            size="sm"
            icon={<DownloadIcon />}
            loading={running === 'annual-pdf'}
            disabled={running !== null}
            onClick={() => onAnnual('pdf')}
          >
            Annual PDF
          </Button>
          <Button
            variant="outline"
            size="sm"
            icon={<DownloadIcon />}
            loading={running === 'annual-csv'}
            disabled={running !== null}
            onClick={() => onAnnual('csv')}
          >
            Annual CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="kcf-stack">
        <div className="kcf-row" role="group" aria-label="Term">
          {TERMS.map((t) => (
            <Button
              key={t}
              size="sm"
              variant={t === term ? 'primary' : 'outline'}
              aria-pressed={t === term}
              onClick={() => onTermChange(t)}
            >
              {t}
            </Button>
          ))}
        </div>
        {items && items.length === 0 ? (
          // The breakdown's own view of a term and year with no budget (whichever year is chosen): not a filter's.
          <EmptyState message={`No budget items found for ${term} ${year}`} />
        ) : (
          <Table aria-label={`${term} ${year} budget`} aria-busy={!items || undefined}>
            <THead>
              <Tr>
                <Th>Category</Th>
                <Th align="right">Planned Amount</Th>
                <Th align="right">Used Amount</Th>
                <Th align="right">Remaining</Th>
                <Th>Progress</Th>
                <Th>Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {!items ? (
                <SkeletonRows rows={3} widths={[120, 100, 100, 100, 110, 90]} />
              ) : (
                items.map((item) => {
                  const { remaining, percentage } = summarise([item]);
                  const label = categoryLabel(item.category);
                  return (
                    <Tr key={item.id}>
                      <Td className={layout.strong}>{label}</Td>
                      <Td align="right">{formatMoney(item.plannedAmount, 'KES')}</Td>
                      <Td align="right">{formatMoney(item.usedAmount, 'KES')}</Td>
                      <Td align="right" className={remaining.startsWith('-') ? 'kcf-negative' : undefined}>
                        {formatMoney(remaining, 'KES')}
                      </Td>
                      <Td>
                        <div className={`kcf-row kcf-row--nowrap ${styles.progress}`}>
                          <div className={styles.progressBar}>
                            <UsageBar
                              used={item.usedAmount}
                              planned={item.plannedAmount}
                              label={`${label} budget used`}
                            />
                          </div>
                          <span className={`kcf-small ${styles.progressPercent}`}>{roundedPercent(percentage)}</span>
                        </div>
                      </Td>
                      <Td>
                        <div className={`kcf-row kcf-row--nowrap ${layout.actions}`}>
                          <RowActions
                            name={`${label} budget`}
                            onEdit={mayEdit ? () => onEdit(item) : undefined}
                            onDelete={mayDelete ? () => onDelete(item) : undefined}
                          >
                            <IconButton size="sm" label={`View ${label} budget`} onClick={() => onView(item)}>
                              <EyeIcon />
                            </IconButton>
                          </RowActions>
                        </div>
                      </Td>
                    </Tr>
                  );
                })
              )}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

import { TERMS, categoryLabel, type BudgetItem, type Term } from '@kcf/contracts';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  IconButton,
  Skeleton,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
} from '@kcf/ui';
import { formatMoney } from '@kcf/web-kit';
import { DownloadIcon, EditIcon, EyeIcon, TrashIcon } from '../../shared/icons';
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

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <Tr key={i}>
          {[120, 100, 100, 100, 110, 90].map((width, j) => (
            <Td key={j}>
              <Skeleton width={width} height={16} />
            </Td>
          ))}
        </Tr>
      ))}
    </>
  );
}

/** Budget Breakdown: term selector, annual downloads and the selected term's categories. */
export function BudgetBreakdown(props: BudgetBreakdownProps) {
  const { term, onTermChange, year, items, mayEdit, mayDelete, onView, onEdit, onDelete, onAnnual, running } = props;
  return (
    <Card>
      <CardHeader style={{ flexWrap: 'wrap' }}>
        <CardTitle>Budget Breakdown</CardTitle>
        <div className="kcf-row">
          <Button variant="outline" size="sm" icon={<DownloadIcon />} loading={running === 'annual-pdf'} disabled={running !== null} onClick={() => onAnnual('pdf')}>
            Annual PDF
          </Button>
          <Button variant="outline" size="sm" icon={<DownloadIcon />} loading={running === 'annual-csv'} disabled={running !== null} onClick={() => onAnnual('csv')}>
            Annual CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="kcf-stack">
        <div className="kcf-row" role="group" aria-label="Term">
          {TERMS.map((t) => (
            <Button key={t} size="sm" variant={t === term ? 'primary' : 'outline'} aria-pressed={t === term} onClick={() => onTermChange(t)}>
              {t}
            </Button>
          ))}
        </div>
        {items && items.length === 0 ? (
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
                <SkeletonRows />
              ) : (
                items.map((item) => {
                  const { remaining, percentage } = summarise([item]);
                  const label = categoryLabel(item.category);
                  return (
                    <Tr key={item.id}>
                      <Td style={{ fontWeight: 600 }}>{label}</Td>
                      <Td align="right">{formatMoney(item.plannedAmount, 'KES')}</Td>
                      <Td align="right">{formatMoney(item.usedAmount, 'KES')}</Td>
                      <Td align="right" className={remaining.startsWith('-') ? 'kcf-negative' : undefined}>
                        {formatMoney(remaining, 'KES')}
                      </Td>
                      <Td>
                        <div className="kcf-row" style={{ flexWrap: 'nowrap', minWidth: 120 }}>
                          <div style={{ flex: 1, minWidth: 60 }}>
                            <UsageBar used={item.usedAmount} planned={item.plannedAmount} label={`${label} budget used`} />
                          </div>
                          <span className="kcf-small" style={{ minWidth: 40, textAlign: 'right' }}>
                            {roundedPercent(percentage)}
                          </span>
                        </div>
                      </Td>
                      <Td>
                        <div className="kcf-row" style={{ flexWrap: 'nowrap', gap: 4 }}>
                          <IconButton size="sm" label={`View ${label} budget`} title="View" onClick={() => onView(item)}>
                            <EyeIcon />
                          </IconButton>
                          {mayEdit && (
                            <IconButton size="sm" label={`Edit ${label} budget`} title="Edit" onClick={() => onEdit(item)}>
                              <EditIcon />
                            </IconButton>
                          )}
                          {mayDelete && (
                            <IconButton size="sm" label={`Delete ${label} budget`} title="Delete" onClick={() => onDelete(item)}>
                              <TrashIcon />
                            </IconButton>
                          )}
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

import { useId, useState } from 'react';
import { describeAuditEntry, describeAuditLine, groupAuditLines, type AuditLine } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorCard } from '@kcf/ui';
import { formatDateTime } from '@kcf/web-kit';
import { loadErrorText } from '../../../shared/load-error';
import * as styles from './detail.module.css';
import { useChildHistory } from './history-api';
import { HistoryCardSkeleton, HistoryRowsSkeleton } from './history-skeleton';

export const EMPTY_HISTORY_TEXT = 'No activity recorded yet.';
export const NO_CHANGES_TEXT = 'No changes recorded yet.';
export const CHANGES_ONLY_LABEL = 'Changes only';

/** One line: an entry, or a visit of the page (its views as one line at the newest, Details listing each). */
function HistoryLine({ line }: { line: AuditLine }) {
  const [open, setOpen] = useState(false);
  const viewsId = useId();
  const visit = line.entries.length > 1;
  return (
    <li className={styles.historyItem}>
      <div className={styles.historyLine}>
        <span className={styles.itemMain}>
          {describeAuditLine(line)}
          <span className={styles.historyWhen}>
            {' · '}
            <time dateTime={line.at}>{formatDateTime(line.at)}</time>
          </span>
        </span>
        {visit && (
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={viewsId} onClick={() => setOpen(!open)}>
            {open ? 'Hide details' : 'Details'}
          </Button>
        )}
      </div>
      {visit && open && (
        <ul id={viewsId} className={styles.historyViews} aria-label="Views">
          {line.entries.map((entry) => (
            <li key={entry.id}>
              {describeAuditEntry(entry)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * History (admin, superadmin): who changed or looked at this child's records, and when; 10 entries at a time, a
 * visit of the page as one line. "Changes only" asks the server for the changes alone.
 */
export default function HistoryCard({ beneficiaryId }: { beneficiaryId: string }) {
  const [changesOnly, setChangesOnly] = useState(false);
  const history = useChildHistory(beneficiaryId, changesOnly);
  if (history.isPending && !changesOnly) return <HistoryCardSkeleton />;
  if (history.isError && !history.data) {
    return (
      <ErrorCard
        title="Could not load the history"
        message={loadErrorText(history.error)}
        onRetry={() => history.refetch()}
        retrying={history.isFetching}
      />
    );
  }
  const lines = groupAuditLines(history.data?.pages.flatMap((page) => page.items) ?? []);
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
        <label className={styles.historySwitch}>
          <input type="checkbox" checked={changesOnly} onChange={(e) => setChangesOnly(e.target.checked)} />
          {CHANGES_ONLY_LABEL}
        </label>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <HistoryRowsSkeleton rows={3} />
        ) : lines.length === 0 ? (
          <EmptyState message={changesOnly ? NO_CHANGES_TEXT : EMPTY_HISTORY_TEXT} />
        ) : (
          <ul className={styles.list} aria-label="History">
            {lines.map((line) => (
              <HistoryLine key={line.id} line={line} />
            ))}
          </ul>
        )}
        {history.isFetchingNextPage && <HistoryRowsSkeleton rows={3} />}
        {history.hasNextPage && (
          <div className={styles.historyMore}>
            <Button
              variant="outline"
              size="sm"
              loading={history.isFetchingNextPage}
              onClick={() => history.fetchNextPage()}
            >
              Show more
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

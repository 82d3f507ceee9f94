import { describeAuditEntry } from '@kcf/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorCard } from '@kcf/ui';
import { formatDateTime } from '@kcf/web-kit';
import { loadErrorText } from '../../../shared/load-error';
import * as styles from './detail.module.css';
import { useChildHistory } from './history-api';
import { HistoryCardSkeleton, HistoryRowsSkeleton } from './history-skeleton';

export const EMPTY_HISTORY_TEXT = 'No activity recorded yet.';

/** History (admin, superadmin): who changed or looked at this child's records, and when; 10 at a time. */
export default function HistoryCard({ beneficiaryId }: { beneficiaryId: string }) {
  const history = useChildHistory(beneficiaryId);
  if (history.isPending) return <HistoryCardSkeleton />;
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
  const entries = history.data.pages.flatMap((page) => page.items);
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <EmptyState message={EMPTY_HISTORY_TEXT} />
        ) : (
          <ul className={styles.list} aria-label="History">
            {entries.map((entry) => (
              <li key={entry.id} className={styles.item}>
                <span className={styles.itemMain}>
                  {describeAuditEntry(entry)}
                  <span className={styles.historyWhen}>
                    {' · '}
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {history.isFetchingNextPage && <HistoryRowsSkeleton rows={3} />}
        {history.hasNextPage && (
          <div className={styles.historyMore}>
            <Button variant="outline" size="sm" loading={history.isFetchingNextPage} onClick={() => history.fetchNextPage()}>
              Show more
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

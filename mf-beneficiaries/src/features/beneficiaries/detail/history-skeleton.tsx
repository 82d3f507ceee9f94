import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@kcf/ui';
import * as styles from './detail.module.css';

export function HistoryRowsSkeleton({ rows }: { rows: number }) {
  return (
    <div className={styles.historySkeleton} aria-busy="true" aria-label="Loading history">
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={16} width={row % 2 ? '70%' : '85%'} />
      ))}
    </div>
  );
}

/** The History card while its code or its first entries load. */
export function HistoryCardSkeleton() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent>
        <HistoryRowsSkeleton rows={3} />
      </CardContent>
    </Card>
  );
}

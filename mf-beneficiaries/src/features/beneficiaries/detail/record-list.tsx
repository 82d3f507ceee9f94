import type { ReactNode } from 'react';
import { RowActions, Skeleton } from '@kcf/ui';
import * as styles from './detail.module.css';

export interface RecordItem {
  id: string;
  /** Names the row for the edit and delete buttons. */
  label: string;
  main: ReactNode;
  side?: ReactNode;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A short list of records with their edit and delete buttons (each shown only to who may use it). */
export function RecordList({ items, loading, empty }: { items: RecordItem[]; loading: boolean; empty: string }) {
  if (loading) {
    return (
      <div aria-busy="true">
        <Skeleton height={20} width="80%" />
      </div>
    );
  }
  if (items.length === 0) return <p className="kcf-muted kcf-small">{empty}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.id} className={styles.item}>
          <span className={styles.itemMain}>{item.main}</span>
          {item.side}
          {(item.onEdit || item.onDelete) && (
            <span className={styles.itemActions}>
              <RowActions name={item.label} onEdit={item.onEdit} onDelete={item.onDelete} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

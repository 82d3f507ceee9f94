import { Spinner } from '@kcf/ui';
import * as styles from './detail.module.css';

/** Shown where a card's dialog opens while its form's code loads, out of the page's flow. */
export function DialogFallback() {
  return (
    <div className={styles.dialogLoading}>
      <Spinner size={32} label="Loading form" />
    </div>
  );
}

import type { ReactNode } from 'react';
import { cx } from '../cx';

export interface EmptyStateProps {
  /** E.g. 'No gifts found. Start by adding your first gift.' */
  message: ReactNode;
  title?: ReactNode;
  icon?: ReactNode;
  /** A button that fixes the emptiness (Add …). */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ message, title, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx('kcf-empty', className)}>
      {icon && <div aria-hidden="true">{icon}</div>}
      {title && <p className="kcf-empty__title">{title}</p>}
      <p className="kcf-empty__message">{message}</p>
      {action}
    </div>
  );
}

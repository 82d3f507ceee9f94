import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../button';
import { cx } from '../cx';

export interface ErrorCardProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a 'Retry' button. */
  onRetry?: () => void;
  /** True while the retry runs. */
  retrying?: boolean;
  className?: string;
}

export function ErrorCard({
  title = 'Something went wrong',
  message,
  onRetry,
  retrying = false,
  className,
}: ErrorCardProps) {
  return (
    <div role="alert" className={cx('kcf-card', 'kcf-error-card', className)}>
      <TriangleAlert size={24} aria-hidden="true" className="kcf-error-card__icon" />
      <div className="kcf-error-card__text">
        <p className="kcf-error-card__title">{title}</p>
        {message && <p className="kcf-error-card__message">{message}</p>}
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}

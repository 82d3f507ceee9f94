import type { CSSProperties } from 'react';
import { cx } from './cx';

export interface SkeletonProps {
  /** Fixed size (px number or any CSS length) so the page does not jump when data arrives. */
  width?: number | string;
  height?: number | string;
  /** Round, for avatars. */
  circle?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function Skeleton({ width = '100%', height = 16, circle = false, className, style }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx('kcf-skeleton', circle && 'kcf-skeleton--circle', className)}
      style={{ ...style, width, height }}
    />
  );
}

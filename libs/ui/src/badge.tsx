import type { ComponentProps } from 'react';
import { cx } from './cx';

export type BadgeTone = 'green' | 'red' | 'blue' | 'purple' | 'gray' | 'yellow';

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'gray', className, ...rest }: BadgeProps) {
  return <span {...rest} className={cx('kcf-badge', `kcf-badge--${tone}`, className)} />;
}

import type { ComponentProps } from 'react';
import { cx } from './cx';

export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return <section {...rest} className={cx('kcf-card', className)} />;
}

export function CardHeader({ className, ...rest }: ComponentProps<'div'>) {
  return <div {...rest} className={cx('kcf-card__header', className)} />;
}

export interface CardTitleProps extends ComponentProps<'h2'> {
  /** Heading level for the page outline; looks the same at every level. */
  level?: 1 | 2 | 3 | 4;
}

export function CardTitle({ level = 2, className, ...rest }: CardTitleProps) {
  const Heading = `h${level}` as const;
  return <Heading {...rest} className={cx('kcf-card__title', className)} />;
}

export function CardContent({ className, ...rest }: ComponentProps<'div'>) {
  return <div {...rest} className={cx('kcf-card__content', className)} />;
}

export function CardFooter({ className, ...rest }: ComponentProps<'div'>) {
  return <div {...rest} className={cx('kcf-card__footer', className)} />;
}

import type { ComponentProps } from 'react';
import { cx } from '../cx';

/** A step of the spacing scale: 0, or the tokens --kcf-s1 … --kcf-s6 (4, 8, 12, 16, 24, 32 px). */
export type StackGap = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface StackProps extends ComponentProps<'div'> {
  /** A column (the default), or a row that wraps with its items centred. */
  direction?: 'vertical' | 'horizontal';
  /** The room between the children; unless told, 4 (16 px) in a column and 2 (8 px) in a row. */
  gap?: StackGap;
  /** A row's children at its end, or spread with the room between them. */
  justify?: 'end' | 'between';
  /** A row that never wraps. */
  nowrap?: boolean;
}

/** Children one under the other, or side by side, spaced by the design system's scale. */
export function Stack({ direction = 'vertical', gap, justify, nowrap, className, ...rest }: StackProps) {
  const row = direction === 'horizontal';
  return (
    <div
      {...rest}
      className={cx(
        row ? 'kcf-row' : 'kcf-stack',
        row && justify && `kcf-row--${justify}`,
        row && nowrap && 'kcf-row--nowrap',
        gap !== undefined && `kcf-gap-${gap}`,
        className,
      )}
    />
  );
}

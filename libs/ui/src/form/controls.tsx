import type { ComponentProps } from 'react';
import { cx } from '../cx';

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input {...rest} className={cx('kcf-input', className)} />;
}

/** A native select: the phone's own picker, no script needed. */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select {...rest} className={cx('kcf-input', 'kcf-select', className)} />;
}

export function Textarea({ className, rows = 3, ...rest }: ComponentProps<'textarea'>) {
  return <textarea {...rest} rows={rows} className={cx('kcf-input', 'kcf-textarea', className)} />;
}

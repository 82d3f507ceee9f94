import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../cx';
import { DateInput } from './date-input';

/** A text box; `type="date"` is a `DateInput` (typed day first, whatever the browser's language). */
export function Input({ className, ...rest }: ComponentProps<'input'>) {
  if (rest.type === 'date') {
    const { type: _date, value, defaultValue, ...date } = rest;
    return <DateInput {...date} value={String(value ?? defaultValue ?? '')} className={className} />;
  }
  return <input {...rest} className={cx('kcf-input', className)} />;
}

/** An amount of money: a decimal keypad on phones, cents at most, never negative. */
export function AmountInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="number" inputMode="decimal" step="0.01" min="0" {...props} />;
}

export interface SelectProps extends ComponentProps<'select'> {
  /** The first choice, with the empty value ('Select county', 'All Counties'). */
  placeholder?: ReactNode;
  /** One option per value, after the placeholder and before any children. */
  options?: readonly string[];
  /** What each option says; the value itself when absent. */
  labels?: Readonly<Partial<Record<string, ReactNode>>>;
}

/** A native select: the phone's own picker, no script needed. */
export function Select({ className, placeholder, options, labels, children, ...rest }: SelectProps) {
  return (
    <select {...rest} className={cx('kcf-input', 'kcf-select', className)}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((value) => (
        <option key={value} value={value}>
          {labels?.[value] ?? value}
        </option>
      ))}
      {children}
    </select>
  );
}

export function Textarea({ className, rows = 3, ...rest }: ComponentProps<'textarea'>) {
  return <textarea {...rest} rows={rows} className={cx('kcf-input', 'kcf-textarea', className)} />;
}

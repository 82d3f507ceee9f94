import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cx } from '../cx';

/** What Field gives its control so the label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control in red and announced with it. */
  error?: string | null;
  /** Help text under the control (limits, formats). */
  hint?: ReactNode;
  required?: boolean;
  /** Use a given id instead of a generated one. */
  id?: string;
  className?: string;
  /** One control element, or a function that spreads the given props onto the control. */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
}

/** Label + control + error text under it, all tied together for screen readers. */
export function Field({ label, error, hint, required = false, id, className, children }: FieldProps) {
  const generated = useId();
  const child = typeof children === 'function' ? null : children;
  const controlId = id ?? child?.props.id ?? `kcf-field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };

  let rendered: ReactNode;
  if (typeof children === 'function') rendered = children(control);
  else if (isValidElement(children)) rendered = cloneElement(children, control);
  else rendered = children;

  return (
    <div className={cx('kcf-field', error && 'kcf-field--invalid', className)}>
      <label htmlFor={controlId} className="kcf-label">
        {label}
        {required && (
          <span className="kcf-label__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {rendered}
      {hint && (
        <p id={hintId} className="kcf-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="kcf-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cx } from '../cx';

export type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** A password box with a show/hide toggle (login, create user, change password). */
export function PasswordInput({ className, disabled, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="kcf-password">
      <input
        {...rest}
        disabled={disabled}
        type={visible ? 'text' : 'password'}
        className={cx('kcf-input', 'kcf-password__input', className)}
      />
      <button
        type="button"
        className="kcf-password__toggle"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-controls={rest.id}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}

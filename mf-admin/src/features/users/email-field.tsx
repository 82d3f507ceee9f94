import { Field, Input } from '@kcf/ui';
import type { BoundControl } from '@kcf/web-kit';

interface EmailFieldProps {
  bind: (field: 'email') => BoundControl;
  error?: string;
  disabled: boolean;
}

/** The optional Email (Create New User, Edit User): shown in the table and used to match single sign-on accounts. */
export function EmailField({ bind, error, disabled }: EmailFieldProps) {
  return (
    <Field label="Email" error={error}>
      <Input {...bind('email')} type="email" autoComplete="off" placeholder="name@example.org" disabled={disabled} />
    </Field>
  );
}

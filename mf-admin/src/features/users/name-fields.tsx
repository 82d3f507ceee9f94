import { Field, Input } from '@kcf/ui';
import type { BoundControl } from '@kcf/web-kit';

interface NameFieldsProps {
  bind: (field: 'firstName' | 'lastName') => BoundControl;
  errors: { firstName?: string; lastName?: string };
  disabled: boolean;
}

/** First Name and Last Name side by side (Create New User, Edit User). */
export function NameFields({ bind, errors, disabled }: NameFieldsProps) {
  return (
    <div className="kcf-grid kcf-grid--2">
      <Field label="First Name" error={errors.firstName} required>
        <Input {...bind('firstName')} autoComplete="off" disabled={disabled} />
      </Field>
      <Field label="Last Name" error={errors.lastName} required>
        <Input {...bind('lastName')} autoComplete="off" disabled={disabled} />
      </Field>
    </div>
  );
}

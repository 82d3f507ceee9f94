import { useState } from 'react';
import { ROLE_OPTIONS, ROLES, type BeneficiarySummary, type Role } from '@kcf/contracts';
import { Field, Select } from '@kcf/ui';
import { BeneficiaryPicker } from '@kcf/web-kit';

/** Order of the role select: the default first. */
const ROLE_ORDER: readonly Role[] = ['viewer', 'admin', 'superadmin', 'beneficiary'];

interface RoleFieldsProps {
  values: { role: Role; beneficiaryId: string };
  /** The form's `set` (a `useForm`'s). */
  set: (field: 'role' | 'beneficiaryId', value: string) => void;
  errors: { role?: string; beneficiaryId?: string };
  disabled?: boolean;
}

/**
 * The User Role select, each option its role and what it may do, and, for the beneficiary role, the child the account is
 * limited to, found by name or Beneficiary ID on the server (the server checks that it exists).
 */
export function RoleFields({ values: { role, beneficiaryId }, set, errors, disabled }: RoleFieldsProps) {
  // A child already linked is known by its id alone until another is picked.
  const [child, setChild] = useState<BeneficiarySummary | null>(
    beneficiaryId ? { id: beneficiaryId, fullName: '', photoUrl: null } : null,
  );
  const pick = (picked: BeneficiarySummary | null) => {
    setChild(picked);
    set('beneficiaryId', picked?.id ?? '');
  };
  return (
    <>
      <Field label="User Role" error={errors.role} required>
        <Select name="role" value={role} disabled={disabled} onChange={(e) => set('role', e.target.value)}>
          {ROLE_ORDER.filter((r) => ROLES.includes(r)).map((r) => (
            <option key={r} value={r}>
              {ROLE_OPTIONS[r]}
            </option>
          ))}
        </Select>
      </Field>
      {role === 'beneficiary' && (
        <Field
          label="Beneficiary"
          error={errors.beneficiaryId}
          hint="The child whose profile and records this user may see"
          required
        >
          {(control) => (
            <BeneficiaryPicker
              value={child}
              onChange={pick}
              inputId={control.id}
              invalid={Boolean(control['aria-invalid'])}
              describedBy={control['aria-describedby']}
            />
          )}
        </Field>
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '@kcf/contracts';
import { Field, Input, Select } from '@kcf/ui';

/** Order of the role select: the default first. */
const ROLE_ORDER: readonly Role[] = ['viewer', 'admin', 'superadmin', 'beneficiary'];

interface RoleFieldsProps {
  values: { role: Role; beneficiaryId: string };
  /** The form's `set` (a `useForm`'s). */
  set: (field: 'role' | 'beneficiaryId', value: string) => void;
  errors: { role?: string; beneficiaryId?: string };
  disabled?: boolean;
}

interface BeneficiaryOption {
  id: string;
  fullName: string;
}

/** Suggestions for the linked child, when the beneficiaries list can be read. */
function useBeneficiaryOptions(enabled: boolean): BeneficiaryOption[] {
  const { data } = useQuery<unknown>({ queryKey: ['/api/beneficiaries'], enabled });
  return Array.isArray(data) ? (data as BeneficiaryOption[]).filter((b) => typeof b?.id === 'string') : [];
}

/**
 * The User Role select with the four role descriptions, and, for the beneficiary role,
 * the child the account is limited to.
 */
export function RoleFields({ values: { role, beneficiaryId }, set, errors, disabled }: RoleFieldsProps) {
  const isBeneficiary = role === 'beneficiary';
  const options = useBeneficiaryOptions(isBeneficiary);
  return (
    <>
      <Field label="User Role" error={errors.role} required>
        <Select name="role" value={role} disabled={disabled} onChange={(e) => set('role', e.target.value)}>
          {ROLE_ORDER.filter((r) => ROLES.includes(r)).map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]} - {ROLE_DESCRIPTIONS[r]}
            </option>
          ))}
        </Select>
      </Field>
      {isBeneficiary && (
        <Field label="Beneficiary ID" error={errors.beneficiaryId} hint="The child whose profile and records this user may see" required>
          <Input
            name="beneficiaryId"
            list="mf-admin-beneficiary-options"
            value={beneficiaryId}
            disabled={disabled}
            autoComplete="off"
            placeholder="KCF-000001"
            onChange={(e) => set('beneficiaryId', e.target.value)}
          />
        </Field>
      )}
      {isBeneficiary && options.length > 0 && (
        <datalist id="mf-admin-beneficiary-options">
          {options.map((b) => (
            <option key={b.id} value={b.id}>
              {b.fullName}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { CreateUserForm, MAX_USERNAME_LENGTH, createUserBodyFromForm, type Role } from '@kcf/contracts';
import { Button, Dialog, Field, Input, PasswordInput, useToast } from '@kcf/ui';
import { firstErrorPerField } from './form-errors';
import { RoleFields } from './role-fields';
import { useCreateUser } from './users-api';
import { USER_TEXTS, toastFailure, toastSuccess } from './user-texts';

const FIELDS = ['firstName', 'lastName', 'username', 'role', 'beneficiaryId', 'password', 'confirmPassword'] as const;
type FieldName = (typeof FIELDS)[number];

interface Values {
  firstName: string;
  lastName: string;
  username: string;
  role: Role;
  beneficiaryId: string;
  password: string;
  confirmPassword: string;
}

const emptyForm = (role: Role): Values => ({
  firstName: '',
  lastName: '',
  username: '',
  role,
  beneficiaryId: '',
  password: '',
  confirmPassword: '',
});

interface CreateUserDialogProps {
  onClose: () => void;
  /** The role chosen when the dialog opens: Viewer, or Admin from 'Add Admin User'. */
  initialRole?: Role;
}

/** Spec §2, "Create New User dialog". Rendered only while open, so each opening starts empty. */
export function CreateUserDialog({ onClose, initialRole = 'viewer' }: CreateUserDialogProps) {
  const { toast } = useToast();
  const create = useCreateUser();
  const [values, setValues] = useState<Values>(() => emptyForm(initialRole));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const set = <K extends FieldName>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Spec §5: errors clear when the field is edited.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateUserForm.safeParse(values);
    setErrors(firstErrorPerField(parsed, FIELDS));
    if (!parsed.success) return;
    create.mutate(createUserBodyFromForm(parsed.data), {
      onSuccess: () => {
        setValues(emptyForm(initialRole));
        onClose();
        toastSuccess(toast, USER_TEXTS.created);
      },
      onError: (error) => toastFailure(toast, error, USER_TEXTS.createFailed),
    });
  };

  const busy = create.isPending;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      dismissible={!busy}
      title="Create New User"
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="mf-admin-create-user" loading={busy}>
            {busy ? 'Creating...' : 'Create User'}
          </Button>
        </>
      }
    >
      <form id="mf-admin-create-user" onSubmit={submit} noValidate className="kcf-stack">
        <div className="kcf-grid kcf-grid--2">
          <Field label="First Name" error={errors.firstName} required>
            <Input name="firstName" autoComplete="off" value={values.firstName} disabled={busy} onChange={(e) => set('firstName', e.target.value)} />
          </Field>
          <Field label="Last Name" error={errors.lastName} required>
            <Input name="lastName" autoComplete="off" value={values.lastName} disabled={busy} onChange={(e) => set('lastName', e.target.value)} />
          </Field>
        </div>
        <Field
          label="Username"
          error={errors.username}
          hint={<span data-testid="username-counter">{`${values.username.length}/${MAX_USERNAME_LENGTH} characters`}</span>}
          required
        >
          <Input
            name="username"
            autoComplete="off"
            maxLength={MAX_USERNAME_LENGTH}
            value={values.username}
            disabled={busy}
            onChange={(e) => set('username', e.target.value.slice(0, MAX_USERNAME_LENGTH))}
          />
        </Field>
        <RoleFields
          role={values.role}
          beneficiaryId={values.beneficiaryId}
          onRole={(role) => set('role', role)}
          onBeneficiaryId={(id) => set('beneficiaryId', id)}
          errors={errors}
          disabled={busy}
        />
        <Field
          label="Temporary Password"
          error={errors.password}
          hint="The user signs in with it once, then chooses their own. To get past the sign-in form it needs 8+ characters, uppercase, lowercase, and a symbol."
          required
        >
          <PasswordInput name="password" autoComplete="new-password" value={values.password} disabled={busy} onChange={(e) => set('password', e.target.value)} />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword} required>
          <PasswordInput
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            disabled={busy}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}

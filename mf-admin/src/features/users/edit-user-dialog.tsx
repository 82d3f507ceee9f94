import { useState, type FormEvent } from 'react';
import { UpdateUserBody, type Role, type User } from '@kcf/contracts';
import { Button, Dialog, Field, Input, useToast } from '@kcf/ui';
import { firstErrorPerField } from './form-errors';
import { RoleFields } from './role-fields';
import { useUpdateUser } from './users-api';
import { USER_TEXTS, toastFailure, toastSuccess } from './user-texts';

const FIELDS = ['firstName', 'lastName', 'role', 'beneficiaryId'] as const;
type FieldName = (typeof FIELDS)[number];

interface EditUserDialogProps {
  user: User;
  onClose: () => void;
}

/** Edit on a row: the user's name and role (PUT /api/users/{id}). */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const { toast } = useToast();
  const update = useUpdateUser();
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    beneficiaryId: user.beneficiaryId ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const set = <K extends FieldName>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The email is not edited here: send what the user has, so it is kept.
    const parsed = UpdateUserBody.safeParse({ ...values, email: user.email });
    setErrors(firstErrorPerField(parsed, FIELDS));
    if (!parsed.success) return;
    update.mutate(
      { id: user.id, body: parsed.data },
      {
        onSuccess: () => {
          onClose();
          toastSuccess(toast, USER_TEXTS.updated);
        },
        onError: (error) => toastFailure(toast, error, USER_TEXTS.updateFailed),
      },
    );
  };

  const busy = update.isPending;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      dismissible={!busy}
      title="Edit User"
      description={`@${user.username}`}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="mf-admin-edit-user" loading={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form id="mf-admin-edit-user" onSubmit={submit} noValidate className="kcf-stack">
        <div className="kcf-grid kcf-grid--2">
          <Field label="First Name" error={errors.firstName} required>
            <Input name="firstName" value={values.firstName} disabled={busy} onChange={(e) => set('firstName', e.target.value)} />
          </Field>
          <Field label="Last Name" error={errors.lastName} required>
            <Input name="lastName" value={values.lastName} disabled={busy} onChange={(e) => set('lastName', e.target.value)} />
          </Field>
        </div>
        <RoleFields
          role={values.role}
          beneficiaryId={values.beneficiaryId}
          onRole={(role: Role) => set('role', role)}
          onBeneficiaryId={(id) => set('beneficiaryId', id)}
          errors={errors}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}

import { UpdateUserBody, type User } from '@kcf/contracts';
import { FormDialog } from '@kcf/ui';
import { useForm } from '@kcf/web-kit';
import { EmailField } from './email-field';
import { NameFields } from './name-fields';
import { RoleFields } from './role-fields';
import { useUpdateUser } from './users-api';
import { USER_TEXTS } from './user-texts';

interface EditUserDialogProps {
  user: User;
  onClose: () => void;
}

/** Edit on a row: the user's name, email and role (PUT /api/users/{id}). */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const update = useUpdateUser();
  const form = useForm({
    initial: () => ({
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      beneficiaryId: user.beneficiaryId ?? '',
      email: user.email ?? '',
    }),
    schema: UpdateUserBody,
    submit: (body) => update.mutateAsync({ id: user.id, body }),
    success: USER_TEXTS.updated,
    failure: USER_TEXTS.updateFailed,
    onSuccess: onClose,
  });
  const { values, errors, submitting: busy } = form;

  return (
    <FormDialog
      title="Edit User"
      description={`@${user.username}`}
      onClose={onClose}
      form={form}
      submitLabel={busy ? 'Saving...' : 'Save Changes'}
    >
      <NameFields bind={form.bind} errors={errors} disabled={busy} />
      <EmailField bind={form.bind} error={errors.email} disabled={busy} />
      <RoleFields values={values} set={form.set} errors={errors} disabled={busy} />
    </FormDialog>
  );
}

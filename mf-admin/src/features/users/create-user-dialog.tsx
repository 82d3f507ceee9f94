import {
  CreateUserForm,
  LOGIN_PASSWORD_SYMBOLS,
  MAX_USERNAME_LENGTH,
  createUserBodyFromForm,
  type Role,
} from '@kcf/contracts';
import { Field, FormDialog, Input, PasswordInput } from '@kcf/ui';
import { useForm } from '@kcf/web-kit';
import { EmailField } from './email-field';
import { NameFields } from './name-fields';
import { RoleFields } from './role-fields';
import { useCreateUser } from './users-api';
import { USER_TEXTS } from './user-texts';

interface Values {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
  beneficiaryId: string;
  password: string;
  confirmPassword: string;
}

const emptyForm = (role: Role): Values => ({
  firstName: '',
  lastName: '',
  username: '',
  email: '',
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

/** The Create New User dialog. Rendered only while open, so each opening starts empty. */
export function CreateUserDialog({ onClose, initialRole = 'viewer' }: CreateUserDialogProps) {
  const create = useCreateUser();
  const form = useForm({
    initial: () => emptyForm(initialRole),
    schema: CreateUserForm,
    submit: (parsed) => create.mutateAsync(createUserBodyFromForm(parsed)),
    success: USER_TEXTS.created,
    failure: USER_TEXTS.createFailed,
    onSuccess: onClose,
  });
  const { values, errors, submitting: busy } = form;

  return (
    <FormDialog
      title="Create New User"
      onClose={onClose}
      form={form}
      submitLabel={busy ? 'Creating...' : 'Create User'}
    >
      <NameFields bind={form.bind} errors={errors} disabled={busy} />
      <Field
        label="Username"
        error={errors.username}
        hint={
          <span data-testid="username-counter">{`${values.username.length}/${MAX_USERNAME_LENGTH} characters`}</span>
        }
        required
      >
        <Input
          name="username"
          autoComplete="off"
          maxLength={MAX_USERNAME_LENGTH}
          value={values.username}
          disabled={busy}
          onChange={(e) => form.set('username', e.target.value.slice(0, MAX_USERNAME_LENGTH))}
        />
      </Field>
      <EmailField bind={form.bind} error={errors.email} disabled={busy} />
      <RoleFields values={values} set={form.set} errors={errors} disabled={busy} />
      <Field
        label="Temporary Password"
        error={errors.password}
        hint={`The user signs in with it once, then chooses their own. Like every password at sign-in, it needs 8+ characters, uppercase, lowercase, and a symbol (${LOGIN_PASSWORD_SYMBOLS}).`}
        required
      >
        <PasswordInput {...form.bind('password')} autoComplete="new-password" disabled={busy} />
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword} required>
        <PasswordInput {...form.bind('confirmPassword')} autoComplete="new-password" disabled={busy} />
      </Field>
    </FormDialog>
  );
}

import {
  RESET_PASSWORD_MESSAGE,
  RESET_PASSWORD_TITLE,
  ResetPasswordBody,
  userDisplayName,
  type User,
} from '@kcf/contracts';
import { Field, FormDialog, PasswordInput } from '@kcf/ui';
import { useForm, useNotify } from '@kcf/web-kit';
import { PasswordRequirementsList } from './password-requirements-list';
import { useResetPassword } from './users-api';
import { USER_TEXTS } from './user-texts';

interface ResetPasswordDialogProps {
  user: User;
  onClose: () => void;
}

/** The Reset Password dialog: the user's name, a new password and the requirements. */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const notify = useNotify();
  const reset = useResetPassword();
  const form = useForm({
    initial: { newPassword: '' },
    schema: ResetPasswordBody,
    submit: (body) => reset.mutateAsync({ id: user.id, body }),
    success: USER_TEXTS.reset,
    failure: USER_TEXTS.resetFailed,
    failureToast: { unauthorized: 'dash' },
    onSuccess: onClose,
    // A weak password is refused with one toast ('Invalid Password'), not under the field.
    onInvalid: () => notify.error(RESET_PASSWORD_TITLE, RESET_PASSWORD_MESSAGE),
  });
  const { newPassword } = form.values;

  return (
    <FormDialog
      title="Reset Password"
      description={
        <>
          Set a new password for <strong>{userDisplayName(user)}</strong>. They will be asked to change it when they
          next sign in.
        </>
      }
      onClose={onClose}
      form={form}
      submitLabel="Reset Password"
      submitDisabled={newPassword === ''}
    >
      <Field label="New Password" required>
        <PasswordInput {...form.bind('newPassword')} autoComplete="new-password" disabled={form.submitting} />
      </Field>
      <PasswordRequirementsList password={newPassword} />
    </FormDialog>
  );
}

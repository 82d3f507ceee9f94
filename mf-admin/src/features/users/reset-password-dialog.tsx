import { useState, type FormEvent } from 'react';
import { RESET_PASSWORD_MESSAGE, RESET_PASSWORD_TITLE, ResetPasswordBody, userDisplayName, type User } from '@kcf/contracts';
import { Button, Dialog, Field, PasswordInput, useToast } from '@kcf/ui';
import { PasswordRequirementsList } from './password-requirements-list';
import { useResetPassword } from './users-api';
import { USER_TEXTS, toastFailure, toastSuccess } from './user-texts';

interface ResetPasswordDialogProps {
  user: User;
  onClose: () => void;
}

/** Spec §2, "Reset Password dialog": the user's name, a new password and the requirements. */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const { toast } = useToast();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ResetPasswordBody.safeParse({ newPassword });
    if (!parsed.success) {
      toast({ title: RESET_PASSWORD_TITLE, description: RESET_PASSWORD_MESSAGE, variant: 'destructive' });
      return;
    }
    reset.mutate(
      { id: user.id, body: parsed.data },
      {
        onSuccess: () => {
          setNewPassword('');
          onClose();
          toastSuccess(toast, USER_TEXTS.reset);
        },
        onError: (error) => toastFailure(toast, error, USER_TEXTS.resetFailed),
      },
    );
  };

  const busy = reset.isPending;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      dismissible={!busy}
      title="Reset Password"
      description={
        <>
          Set a new password for <strong>{userDisplayName(user)}</strong>. They will be asked to change it when they next sign in.
        </>
      }
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="mf-admin-reset-password" loading={busy} disabled={newPassword === ''}>
            Reset Password
          </Button>
        </>
      }
    >
      <form id="mf-admin-reset-password" onSubmit={submit} noValidate className="kcf-stack">
        <Field label="New Password" required>
          <PasswordInput
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            disabled={busy}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </Field>
        <PasswordRequirementsList password={newPassword} />
      </form>
    </Dialog>
  );
}

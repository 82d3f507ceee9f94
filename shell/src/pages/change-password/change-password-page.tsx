import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordForm, type ChangePasswordResponse } from '@kcf/contracts';
import { Button, Card, CardContent, Field, PageHeader, PasswordInput } from '@kcf/ui';
import { apiRequest, redirectTo, useForm, useNotify } from '@kcf/web-kit';
import { PasswordRequirements } from './password-requirements';
import { PasswordStrengthMeter } from './password-strength-meter';

/** After a successful change the browser goes to / after 2 seconds. */
export const AFTER_CHANGE_REDIRECT_MS = 2000;

type FieldName = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<FieldName, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /change-password: current, new and confirmation, each with show/hide; the strength meter
 * and the requirements box once a new password is typed. `forced`: a new or reset user, who has
 * nowhere else to go (no Cancel).
 */
export default function ChangePasswordPage({ forced = false }: { forced?: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [done, setDone] = useState(false);
  const form = useForm({
    initial: EMPTY,
    schema: ChangePasswordForm,
    submit: ({ currentPassword, newPassword }) =>
      apiRequest<ChangePasswordResponse>('PUT', '/api/auth/change-password', { currentPassword, newPassword }),
    failure: 'Failed to change password',
    onSuccess: (answer) => {
      setDone(true);
      notify.info('Password Changed', 'Your password has been successfully updated. You will be logged out.');
      if (answer?.logout) redirectTo('/', AFTER_CHANGE_REDIRECT_MS);
    },
  });
  const { values, errors } = form;
  const busy = form.submitting || done;

  const password = (field: FieldName, label: string, autoComplete: string) => (
    <Field label={label} error={errors[field]} required>
      <PasswordInput {...form.bind(field)} autoComplete={autoComplete} disabled={busy} />
    </Field>
  );

  return (
    <div className="kcf-stack shell-change-password">
      <PageHeader
        title="Change Password"
        subtitle={
          forced ? 'Your password was set by an administrator. Choose your own password to continue.' : undefined
        }
      />
      <Card>
        <CardContent>
          <form onSubmit={form.handleSubmit} noValidate className="shell-form">
            {password('currentPassword', 'Current Password', 'current-password')}
            {password('newPassword', 'New Password', 'new-password')}
            {values.newPassword !== '' && (
              <>
                <PasswordStrengthMeter password={values.newPassword} />
                <PasswordRequirements password={values.newPassword} />
              </>
            )}
            {password('confirmPassword', 'Confirm New Password', 'new-password')}
            <div className="kcf-row">
              <Button type="submit" loading={form.submitting} disabled={done}>
                Change Password
              </Button>
              {!forced && (
                <Button variant="outline" disabled={busy} onClick={() => navigate('/dashboard')}>
                  Cancel
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordForm, type ChangePasswordResponse } from '@kcf/contracts';
import { Button, Card, CardContent, Field, PasswordInput, useToast } from '@kcf/ui';
import { apiRequest, errorMessageOf, isUnauthorizedError, redirectTo, redirectToLogin } from '@kcf/web-kit';
import { firstErrorPerField } from '../../forms/field-errors';
import { UNAUTHORIZED_TOAST } from '../../session/session-texts';
import { PageHeader } from '../page-header';
import { PasswordRequirements } from './password-requirements';
import { PasswordStrengthMeter } from './password-strength-meter';

/** Spec §9: after a successful change the browser goes to / after 2 seconds. */
export const AFTER_CHANGE_REDIRECT_MS = 2000;

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /change-password (spec §2): current, new and confirmation, each with show/hide; the strength meter
 * and the requirements box once a new password is typed. `forced`: a new or reset user, who has
 * nowhere else to go (no Cancel).
 */
export default function ChangePasswordPage({ forced = false }: { forced?: boolean }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');
  const busy = state !== 'idle';

  const change = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = firstErrorPerField(ChangePasswordForm.safeParse(values), FIELDS);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState('saving');
    try {
      const answer = await apiRequest<ChangePasswordResponse>('PUT', '/api/auth/change-password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setState('done');
      toast({ title: 'Password Changed', description: 'Your password has been successfully updated. You will be logged out.' });
      if (answer?.logout) redirectTo('/', AFTER_CHANGE_REDIRECT_MS);
    } catch (error) {
      setState('idle');
      if (isUnauthorizedError(error)) {
        toast(UNAUTHORIZED_TOAST);
        redirectToLogin();
        return;
      }
      toast({ title: 'Error', description: errorMessageOf(error, 'Failed to change password'), variant: 'destructive' });
    }
  };

  const password = (field: FieldName, label: string, autoComplete: string) => (
    <Field label={label} error={errors[field]} required>
      <PasswordInput name={field} autoComplete={autoComplete} value={values[field]} disabled={busy} onChange={change(field)} />
    </Field>
  );

  return (
    <div className="kcf-stack shell-change-password">
      <PageHeader
        title="Change Password"
        subtitle={forced ? 'Your password was set by an administrator. Choose your own password to continue.' : undefined}
      />
      <Card>
        <CardContent>
          <form onSubmit={submit} noValidate className="shell-form">
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
              <Button type="submit" loading={state === 'saving'} disabled={state === 'done'}>
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
